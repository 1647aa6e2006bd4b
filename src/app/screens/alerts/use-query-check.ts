// The search box's check as the user types: a short query is checked at once (well under a frame), a long one by a
// worker, the box showing 'checking' meanwhile; only the answer for the text in the box counts.
import { useEffect, useMemo, useState } from 'react';
import { checkQuery, SYNC_CHECK_MAX, type QueryCheck } from '../../../core/query-check.ts';
import type { QueryCheckAnswer, QueryCheckRequest } from '../../../worker/contract/query-check.ts';

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (check: QueryCheck) => void>();

function checkOffThread(q: string): Promise<QueryCheck> {
  if (!worker) {
    worker = new Worker(new URL('../../../worker/query-check.worker.ts', import.meta.url), { type: 'module', name: 'query-check' });
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

/**
 * The check of `text`, or null while a long one is being checked. onLongCheck hears each long check as it arrives
 * (for a submit that waited for it).
 */
export function useQueryCheck(text: string, onLongCheck?: (q: string, check: QueryCheck) => void): QueryCheck | null {
  const long = text.length > SYNC_CHECK_MAX;
  const [answer, setAnswer] = useState<{ q: string; check: QueryCheck } | null>(null);
  const sync = useMemo(() => (long ? null : checkQuery(text)), [text, long]);
  useEffect(() => {
    if (!long) return;
    let alive = true;
    // coalesce a burst of keystrokes into one request; a newer text cancels the older answer
    const timer = setTimeout(() => {
      void checkOffThread(text).then((check) => {
        if (!alive) return;
        setAnswer({ q: text, check });
        onLongCheck?.(text, check);
      });
    }, 80);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [text, long, onLongCheck]);
  if (sync) return sync;
  return answer?.q === text ? answer.check : null;
}
