// The search box's check as the user types: a short query is checked at once (well under a frame), a long one by a
// worker, the box showing 'checking' meanwhile; only the answer for the text in the box counts. Until the check's
// code has arrived (src/app/screens/alerts/search/search-assist-loader.ts) every text is 'being checked'.
import { useEffect, useMemo, useState } from 'react';
import type { QueryCheck } from '../../../../core/query-check.ts';
import type { QueryCheckAnswer, QueryCheckRequest } from '../../../../worker/contract/query-check.ts';
import type { SearchAssist } from './search-assist.tsx';

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (check: QueryCheck) => void>();

function checkOffThread(q: string): Promise<QueryCheck> {
  if (!worker) {
    worker = new Worker(new URL('../../../../worker/query-check.worker.ts', import.meta.url), { type: 'module', name: 'query-check' });
    worker.onmessage = (e: MessageEvent<QueryCheckAnswer>) => {
      waiting.get(e.data.id)?.(e.data.check);
      waiting.delete(e.data.id);
    };
  }
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker!.postMessage({ id, q } satisfies QueryCheckRequest);
  });
}

/** The check of `text`, or null while it is being checked (a long one, or any while `assist` has not arrived). */
export function useQueryCheck(text: string, assist: SearchAssist | null): QueryCheck | null {
  const long = assist !== null && text.length > assist.SYNC_CHECK_MAX;
  const [answer, setAnswer] = useState<{ q: string; check: QueryCheck } | null>(null);
  const sync = useMemo(() => (assist === null || long ? null : assist.checkQuery(text)), [text, long, assist]);
  useEffect(() => {
    if (!long) return;
    let alive = true;
    // coalesce a burst of keystrokes into one request; a newer text cancels the older answer
    const timer = setTimeout(() => {
      void checkOffThread(text).then((check) => {
        if (alive) setAnswer({ q: text, check });
      });
    }, 80);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [text, long]);
  if (sync) return sync;
  return long && answer?.q === text ? answer.check : null;
}
