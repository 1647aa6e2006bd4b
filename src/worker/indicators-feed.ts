// The panel's indicator tiles: counts per severity for each configured query, all statuses and open only
// (the old panel's two numbers), with a short history of the open counts for sparklines.
import type { CountMap, IndicatorQuery } from '../core/types.ts';
import { countParams } from '../core/indicators.ts';
import type { IndicatorCounts, IndicatorsMessage, WorkerError } from './contract/index.ts';
import { countAlerts } from './api/alerts.ts';
import type { HttpContext } from './http.ts';
import { Poller, type CycleOutcome } from './poller.ts';

const MAX_HISTORY = 60;

export class IndicatorsFeed {
  private queries: { text: string; query: IndicatorQuery }[] | null = null;
  private history = new Map<string, { t: number; open: CountMap }[]>();
  private last: IndicatorsMessage | null = null;
  private poller: Poller;

  constructor(
    private deps: { http: () => HttpContext; intervalMs: () => number; post: (event: IndicatorsMessage) => void; onUnauthorized: () => void },
  ) {
    this.poller = new Poller({ cycle: (signal) => this.cycle(signal), intervalMs: deps.intervalMs });
  }

  setQueries(queries: { text: string; query: IndicatorQuery }[] | null): void {
    const same = JSON.stringify(queries) === JSON.stringify(this.queries);
    if (same && (this.poller.active || !queries)) return;
    this.poller.stop();
    this.queries = queries;
    if (!same) this.history.clear();
    if (queries && queries.length) void this.poller.start();
  }

  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  setHidden(hidden: boolean) {
    this.poller.setHidden(hidden);
  }

  private async cycle(signal: AbortSignal): Promise<CycleOutcome> {
    const queries = this.queries;
    if (!queries) return 'stop';
    const ctx = this.deps.http();
    const answers = await Promise.all(
      queries.map((q) =>
        Promise.all([countAlerts(ctx, countParams(q.query), signal), countAlerts(ctx, countParams(q.query, [['status', 'open']]), signal)]),
      ),
    );
    if (signal.aborted || this.queries !== queries) return 'ok';
    let error: WorkerError | null = null;
    const now = Date.now();
    const indicators: IndicatorCounts[] = queries.map((q, i) => {
      const [all, open] = answers[i]!;
      if (!all.ok) error ??= all.error;
      if (!open.ok) error ??= open.error;
      const history = this.history.get(q.text) ?? [];
      if (open.ok) {
        history.push({ t: now, open: open.value.severityCounts });
        if (history.length > MAX_HISTORY) history.shift();
        this.history.set(q.text, history);
      }
      const previous = this.last?.indicators[i];
      return {
        text: q.text,
        all: all.ok ? all.value.severityCounts : (previous?.all ?? {}),
        open: open.ok ? open.value.severityCounts : (previous?.open ?? {}),
        history: [...history],
      };
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
