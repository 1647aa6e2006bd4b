// Messages of the query-check worker (src/worker/query-check.worker.ts), which checks long search queries off the
// main thread.
import type { QueryCheck } from '../../core/query-check.ts';

export interface QueryCheckRequest {
  id: number;
  q: string;
}

export interface QueryCheckAnswer {
  id: number;
  check: QueryCheck;
}
