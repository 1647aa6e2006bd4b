// Checks long search queries off the main thread, so typing or pasting into the search box never waits for it
// (a 10,000-character paste takes up to half a second to check). One request at a time matters: the box only
// keeps the answer to its latest request.
import { checkQuery } from '../core/query-check.ts';
import type { QueryCheckAnswer, QueryCheckRequest } from './contract/query-check.ts';

self.onmessage = (e: MessageEvent<QueryCheckRequest>) => {
  const answer: QueryCheckAnswer = { id: e.data.id, check: checkQuery(e.data.q) };
  self.postMessage(answer);
};
