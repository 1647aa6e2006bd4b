// Screens load as separate chunks. A chunk that does not arrive within 120 s (the old console's limit), or fails
// (offline before it was cached, a deployment that replaced it), shows a clear message with Retry instead of a blank
// page.
import { Component, createElement, Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import { useT } from '../state/i18n.ts';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super(`The page did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** A promise that carries its outcome, so a settled one can be read without waiting. */
type Tracked<T> = Promise<T> & { status?: string; value?: T; reason?: unknown };

export interface LazyScreen<P extends object> {
  /** the screen's component, loading its chunk once; a failed load is forgotten so that `retry()` fetches it again */
  load(): Promise<ComponentType<P>>;
  retry(): void;
  /** start loading ahead of navigation (e.g. on hover of a drawer link) */
  preload(): void;
}

/** A lazily loaded screen. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let failed = false;
  const start = () => {
    if (!pending || failed) {
      failed = false;
      const promise = withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
      pending = promise;
      // The promise carries its outcome (status/value/reason), so a chunk loaded ahead (at boot, on hover) renders
      // at once, without suspending and without Suspense's fallback throttle.
      const tracked = promise as Tracked<ComponentType<P>>;
      tracked.status = 'pending';
      promise.then(
        (value) => {
          tracked.status = 'fulfilled';
          tracked.value = value;
        },
        (reason: unknown) => {
          failed = true;
          tracked.status = 'rejected';
          tracked.reason = reason;
        },
      );
    }
    return pending;
  };
  return {
    load: start,
    retry: () => {
      if (failed) pending = null;
    },
    preload: () => {
      void start().catch(() => undefined);
    },
  };
}

function LoadingScreen() {
  const { t } = useT();
  return (
    <div className="flex h-full min-h-40 items-center justify-center gap-3 text-gray-600 dark:text-gray-300" role="status">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand border-t-transparent motion-reduce:animate-none" aria-hidden="true" />
      {t('Loading')}
    </div>
  );
}

/** Browsers word a failed dynamic import differently; all of them mean the file did not arrive. */
function isChunkFetchError(error: Error): boolean {
  return /dynamically imported module|module script failed|Loading chunk|Failed to fetch|NetworkError/i.test(error.message);
}

function ChunkError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className="flex h-full min-h-40 items-center justify-center p-6">
      <div role="alert" className="max-w-md rounded-lg border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
        <p className="mb-1 flex items-center gap-2 font-semibold">
          <Icon name="error" />
          {t('ChunkLoadFailed')}
        </p>
        <p className="mb-4 text-sm">
          {error instanceof ChunkTimeoutError
            ? t('ChunkLoadTimeout')
            : isChunkFetchError(error)
              ? t('ChunkLoadOffline')
              : `${t('UnspecifiedProblem')}: ${error.message}`}
        </p>
        <Button variant="primary" icon="refresh" onClick={onRetry} autoFocus>
          {t('Retry')}
        </Button>
      </div>
    </div>
  );
}

class ScreenBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] a screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error)
      return (
        <ChunkError
          error={error}
          onRetry={() => {
            this.props.onRetry();
            this.setState({ error: null });
          }}
        />
      );
    return this.props.children;
  }
}

/** The screen's component once its chunk is in; until then suspends (throws the promise, as React.lazy does). */
function readScreen<P extends object>(screen: LazyScreen<P>): ComponentType<P> {
  const pending = screen.load() as Tracked<ComponentType<P>>;
  if (pending.status === 'fulfilled') return pending.value as ComponentType<P>;
  if (pending.status === 'rejected') throw pending.reason;
  throw pending;
}

function Loaded<P extends object>({ screen, props }: { screen: LazyScreen<P>; props: P }) {
  return createElement(readScreen(screen), props);
}

/** Renders a lazy screen with a loading state, and the error-with-Retry state when its chunk cannot be loaded. */
export function Screen<P extends object>({ screen, props }: { screen: LazyScreen<P>; props: P }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ScreenBoundary
      onRetry={() => {
        screen.retry();
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<LoadingScreen />}>
        <Loaded key={attempt} screen={screen} props={props} />
      </Suspense>
    </ScreenBoundary>
  );
}
