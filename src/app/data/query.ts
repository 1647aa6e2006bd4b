// Reads the UI asks the data worker for on request (admin lists, reports, profile, filter lists...): keyed, so two
// components asking the same thing share one request and one answer; cached, so a screen opened again shows what it
// had at once while it asks again; invalidated by tags, so a command refreshes exactly the reads it changed.
// About a hundred lines instead of TanStack Query (~13 KiB gzip): the worker already caches, retries and validates,
// so what is left here is small.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Result, WorkerError } from '../../worker/contract/index.ts';

export interface Query<T> {
  /** equal keys share one request and one cached answer */
  key: string;
  /** what the answer is about; a command that changes it invalidates these tags */
  tags: readonly string[];
  run: () => Promise<Result<T>>;
}

export interface QueryState<T> {
  data: T | undefined;
  /** the last failure; the last good data stays beside it */
  error: WorkerError | null;
  /** true until the first answer for this key (not during a refetch of data already shown) */
  loading: boolean;
  /** true while a request for this key runs */
  fetching: boolean;
}

interface Entry {
  query: Query<unknown>;
  state: QueryState<unknown>;
  inFlight: Promise<void> | null;
  /** a newer request supersedes an older one: only the newest answer is kept */
  generation: number;
  listeners: Set<() => void>;
  stale: boolean;
}

const IDLE: QueryState<never> = Object.freeze({ data: undefined, error: null, loading: false, fetching: false });

/** Answers kept for keys no screen shows any more: enough for going back and forth, bounded for long sessions. */
const MAX_IDLE_ENTRIES = 40;

export class QueryClient {
  private entries = new Map<string, Entry>();

  private entry(query: Query<unknown>): Entry {
    let e = this.entries.get(query.key);
    if (!e) {
      e = { query, state: { ...IDLE, loading: true }, inFlight: null, generation: 0, listeners: new Set(), stale: true };
      this.entries.set(query.key, e);
    }
    e.query = query;
    return e;
  }

  private set(e: Entry, patch: Partial<QueryState<unknown>>) {
    e.state = { ...e.state, ...patch };
    for (const listener of e.listeners) listener();
  }

  /** Asks the worker, unless the same key is already being asked; `force` starts a new request anyway. */
  fetch<T>(query: Query<T>, force = false): Promise<void> {
    const e = this.entry(query as Query<unknown>);
    if (e.inFlight && !force) return e.inFlight;
    const generation = ++e.generation;
    e.stale = false;
    this.set(e, { fetching: true });
    const run = (async () => {
      let result: Result<unknown>;
      try {
        result = await e.query.run();
      } catch (error) {
        // A crashed worker call is a failure like any other, never an exception in a component.
        result = { ok: false, error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) } };
      }
      if (generation !== e.generation) return;
      e.inFlight = null;
      this.set(e, result.ok ? { data: result.value, error: null, loading: false, fetching: false } : { error: result.error, loading: false, fetching: false });
    })();
    e.inFlight = run;
    return run;
  }

  subscribe(query: Query<unknown>, listener: () => void): () => void {
    const e = this.entry(query);
    e.listeners.add(listener);
    // The first screen to show it asks again (what it shows meanwhile is the last answer); later ones share that.
    if (e.listeners.size === 1 || e.stale) void this.fetch(query);
    return () => {
      e.listeners.delete(listener);
      this.trim();
    };
  }

  state<T>(key: string): QueryState<T> {
    return (this.entries.get(key)?.state ?? IDLE) as QueryState<T>;
  }

  /** A command changed what these tags describe: shown reads ask again now, the others when next shown. */
  invalidate(tags: readonly string[]): Promise<void> {
    const runs: Promise<void>[] = [];
    for (const e of this.entries.values()) {
      if (!e.query.tags.some((tag) => tags.includes(tag))) continue;
      e.stale = true;
      if (e.listeners.size > 0) runs.push(this.fetch(e.query, true));
    }
    return Promise.all(runs).then(() => undefined);
  }

  /** Forgets everything (sign-out: the next user must not see the last one's lists). */
  clear(): void {
    for (const [key, e] of this.entries) if (e.listeners.size === 0) this.entries.delete(key);
    for (const e of this.entries.values()) {
      this.set(e, { ...IDLE, loading: true });
      void this.fetch(e.query, true);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private trim() {
    let idle = [...this.entries.entries()].filter(([, e]) => e.listeners.size === 0 && !e.inFlight);
    while (idle.length > MAX_IDLE_ENTRIES) {
      this.entries.delete(idle[0]![0]);
      idle = idle.slice(1);
    }
  }
}

export const queryClient = new QueryClient();

/**
 * The answer to `query` (null: nothing to ask, e.g. no permission), asked on mount and again when a command
 * invalidates one of its tags. `refetchEveryMs` keeps a list left open current while the page is visible;
 * `keepPrevious` shows the answer of the previous key while a new key loads (a report whose filter changed).
 */
export function useQuery<T>(
  query: Query<T> | null,
  options: { refetchEveryMs?: number; keepPrevious?: boolean; client?: QueryClient } = {},
): QueryState<T> & { refetch: () => Promise<void> } {
  const client = options.client ?? queryClient;
  const key = query?.key ?? null;
  // The query object may be rebuilt every render; its key says whether it is the same read.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useCallback(() => query, [key]);
  const subscribe = useCallback(
    (notify: () => void) => {
      const q = stable();
      return q ? client.subscribe(q as Query<unknown>, notify) : () => undefined;
    },
    [client, stable],
  );
  const state = useSyncExternalStore(subscribe, () => (key === null ? IDLE : client.state<T>(key)));
  const refetch = useCallback(() => {
    const q = stable();
    return q ? client.fetch(q, true) : Promise.resolve();
  }, [client, stable]);

  const every = options.refetchEveryMs;
  useEffect(() => {
    if (!every || key === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refetch();
    }, every);
    return () => clearInterval(timer);
  }, [every, key, refetch]);

  // The last answer seen, kept in state (set during render, as React allows for derived state).
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (options.keepPrevious && state.data !== undefined && state.data !== previous) setPrevious(state.data);
  const data = state.data === undefined && options.keepPrevious ? previous : state.data;
  return { ...state, data, refetch };
}
