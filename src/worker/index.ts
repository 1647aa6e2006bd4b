// Entry of the dedicated data worker: exposes its face to the UI through Comlink.
import * as Comlink from 'comlink';
import { createDataService } from './service.ts';

Comlink.expose(createDataService());
