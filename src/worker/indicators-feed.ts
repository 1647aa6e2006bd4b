// The panel's indicator tiles: open alerts per severity for each configured query, with a short history for the
// sparklines. One count request per tile, at a slower cadence than the list (tiles summarise; they need not tick),
// so a shown panel adds little to the API's load.
import type { CountMap } from '../core/types.ts';
import { countParams } from '../core/indicators.ts';
import { pollTimeoutMs } from '../core/freshness.ts';
import type { IndicatorCounts, IndicatorSpec, IndicatorsMessage, WorkerError } from './contract/index.ts';
import { countAlerts } from './api/alerts.ts';
import type { HttpContext } from './http.ts';
import type { Feed } from './alerts-feed.ts';
import { Poller, type CycleOutcome } from './poller.ts';

const MAX_HISTORY = 60;
/** The tiles are counted at most this often, and never more often than every sixth list cycle. */
const MIN_INDICATOR_INTERVAL_MS = 30_000;

export class IndicatorsFeed implements Feed {
  private history = new Map<string, { t: number; open: CountMap }[]>();
  private last: IndicatorsMessage | null = null;
  private poller: Poller;
  private stopped = false;

  constructor(
    private queries: IndicatorSpec[],
    private deps: { http: () => HttpContext; intervalMs: () => number; post: (event: IndicatorsMessage, to?: string) => void; onUnauthorized: () => void },
  ) {
    const interval = () => Math.max(MIN_INDICATOR_INTERVAL_MS, 6 * deps.intervalMs());
    this.poller = new Poller({ cycle: (signal) => this.cycle(signal), intervalMs: interval, timeoutMs: () => pollTimeoutMs(deps.intervalMs()) + 1000 });
  }

  async start(): Promise<void> {
    if (this.queries.length) void this.poller.start();
  }

  stop(): void {
    this.stopped = true;
    this.poller.stop();
  }

  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  setHidden(hidden: boolean) {
    this.poller.setHidden(hidden);
  }

  resend(to: string): void {
    if (this.last) this.deps.post(this.last, to);
  }

  resume(): void {
    if (!this.stopped && this.queries.length) void this.poller.start();
  }

  private async cycle(signal: AbortSignal): Promise<CycleOutcome> {
    const { queries } = this;
    if (this.stopped) return 'stop';
    const ctx = this.deps.http();
    const timeoutMs = pollTimeoutMs(this.deps.intervalMs());
    const answers = await Promise.all(queries.map((q) => countAlerts(ctx, countParams(q.query, [['status', 'open']]), signal, timeoutMs)));
    if (signal.aborted || this.stopped) return 'ok';
    let error: WorkerError | null = null;
    const now = Date.now();
    const indicators: IndicatorCounts[] = queries.map((q, i) => {
      const open = answers[i]!;
      if (!open.ok) error ??= open.error;
      const history = this.history.get(q.text) ?? [];
      if (open.ok) {
        history.push({ t: now, open: open.value.severityCounts });
        if (history.length > MAX_HISTORY) history.shift();
        this.history.set(q.text, history);
      }
      return { text: q.text, open: open.ok ? open.value.severityCounts : (this.last?.indicators[i]?.open ?? {}), history: [...history] };
    });
    const failure = error as WorkerError | null;
    if (failure?.kind === 'auth') {
      this.deps.onUnauthorized();
      return 'stop';
    }
    this.last = { type: 'indicators', indicators, updatedAt: failure ? (this.last?.updatedAt ?? null) : now, error: failure };
    this.deps.post(this.last);
    if (!failure) return 'ok';
    return failure.kind === 'network' || (failure.code ?? 0) >= 500 ? 'network' : 'client-error';
  }
}
