// The page's first script. index.html runs it on its own (`async`), as soon as it has loaded: before the shell and
// React have downloaded and run, it starts the data worker, whose first script asks for the config, the preferences
// and the list (docs/cross-origin.md, "What a start costs"). The shell imports it too (the development server runs
// only the shell), and a module runs once. An address that may carry a sign-in answer starts nothing here: that page
// may be a sign-in window handing the answer back, which needs no worker (src/app/main.tsx decides).
import { mayCarrySignInAnswer } from '../core/sign-in-address.ts';
import { warmUpWorker } from './state/worker-start.ts';

if (!mayCarrySignInAnswer(location.search, location.hash)) warmUpWorker();
