// The commands of the alerts part of the worker's face: actions, watching, deleting and notes, on the alerts the user
// selected or on every alert of a group of a view, and the export of a grouped list (which reads a whole view the
// same way a group action does). Each tab sends its user's commands itself, through the outbox when the API does not
// answer, then has what it shows (alerts-service.ts) polled again at once.
import type { Alert, AlertsView, Note } from '../core/types.ts';
import type {
  AlertActionName,
  AlertRow,
  AlertSeen,
  AlertsApi,
  BulkResult,
  GroupActionProgress,
  GroupActionRequest,
  GroupActionResult,
  Result,
} from './contract/index.ts';
import type { OutboxCommand } from '../core/outbox.ts';
import { actionBody } from '../core/actions.ts';
import { watchTag } from '../core/watch.ts';
import { viewKey } from '../core/alerts-view.ts';
import { pollTimeoutMs } from '../core/freshness.ts';
import { fail, ok, type WorkerContext } from './context.ts';
import type { HttpContext } from './http.ts';
import * as alertsApi from './api/alerts.ts';
import type { Outbox } from './outbox.ts';
import { exportedIds, groupActionTargets, groupAlerts, groupFieldOf, isGroupAction } from '../core/alert-groups.ts';
import { sortForView } from '../core/alert-sync.ts';
import { customersOf } from '../core/jwt.ts';
import { SetSync } from './set-sync.ts';
import type { AlertsService } from './alerts-service.ts';
import type { AlertLists } from './alert-lists.ts';

/** Requests in flight at once for a bulk action: fast, without flooding the API with hundreds at a time. */
const BULK_CONCURRENCY = 6;
/** How often a group action reports how far it got. */
const PROGRESS_EVERY_MS = 100;

/** The methods of the alerts face that AlertsService and AlertLists leave: with them, the whole of AlertsApi. */
export class AlertCommands implements Omit<AlertsApi, keyof AlertsService | keyof AlertLists> {
  private shared: AlertsService['shared'];
  private outbox: Outbox;

  constructor(
    private ctx: WorkerContext,
    alerts: AlertsService,
  ) {
    this.shared = alerts.shared;
    this.outbox = alerts.outbox;
  }

  async act(ids: string[], action: AlertActionName, text?: string, seen: Record<string, AlertSeen> = {}): Promise<Result<BulkResult>> {
    const body = actionBody(action, text ?? '', this.ctx.userData.prefs, this.ctx.config);
    return this.bulk(ids, (http, id) => alertsApi.actionAlert(http, id, body), { command: { kind: 'action', ...body }, seen });
  }

  async watch(ids: string[], on: boolean, seen: Record<string, AlertSeen> = {}): Promise<Result<BulkResult>> {
    const username = this.ctx.session.username;
    if (!username) return fail('auth', 'Sign in to watch alerts');
    const tag = watchTag(username);
    return this.bulk(ids, (http, id) => alertsApi.tagAlert(http, id, [tag], on), { command: { kind: 'watch', on, tag }, seen });
  }

  async deleteAlerts(ids: string[], onProgress?: (done: number) => void): Promise<Result<BulkResult>> {
    // A delete is never queued: it cannot be shown as pending, nor undone if it was not meant any more.
    if (!this.ctx.reachable) return fail('network', 'Deleting an alert needs a connection to the API');
    return this.bulk(ids, (http, id) => alertsApi.deleteAlert(http, id), undefined, onProgress);
  }

  async actOnGroup(req: GroupActionRequest, onProgress?: (progress: GroupActionProgress) => void): Promise<Result<GroupActionResult>> {
    if (!isGroupAction(req.action)) return fail('internal', `Not an action on a group: ${String(req.action)}`);
    const username = this.ctx.session.username;
    if ((req.action === 'watch' || req.action === 'unwatch') && !username) return fail('auth', 'Sign in to watch alerts');
    if (req.action === 'delete' && !this.ctx.reachable) return fail('network', 'Deleting an alert needs a connection to the API');
    const members = await this.groupMembers(req.view, req.key);
    if (!members.ok) return members;
    // Each alert once, and only where its status allows the action: the others are left alone, not failed.
    const targets = groupActionTargets(members.value, req.action, username);
    const seen: Record<string, AlertSeen> = {};
    for (const a of members.value) seen[a.id] = seenOf(a);
    const total = targets.length;
    // Progress at most every 100 ms (and at the end): a group of 2,000 alerts is not 2,000 messages to the page.
    let reportedAt = 0;
    const progress = (done: number) => {
      const now = Date.now();
      if (done < total && now - reportedAt < PROGRESS_EVERY_MS) return;
      reportedAt = now;
      onProgress?.({ done, total });
    };
    let result: Result<BulkResult>;
    if (total === 0) result = ok({ succeeded: [], failed: [], queued: [] });
    else if (req.action === 'delete') result = await this.deleteAlerts(targets, progress);
    else if (req.action === 'watch' || req.action === 'unwatch') {
      const tag = watchTag(username!);
      const on = req.action === 'watch';
      result = await this.bulk(targets, (http, id) => alertsApi.tagAlert(http, id, [tag], on), { command: { kind: 'watch', on, tag }, seen }, progress);
    } else {
      const body = actionBody(req.action, req.text ?? '', this.ctx.userData.prefs, this.ctx.config);
      result = await this.bulk(targets, (http, id) => alertsApi.actionAlert(http, id, body), { command: { kind: 'action', ...body }, seen }, progress);
    }
    if (!result.ok) return result;
    // What the group holds now has been looked at: its "grew" mark goes.
    this.shared.listFeed(req.view)?.lookedAt(req.key);
    return ok({ ...result.value, total });
  }

  async exportAlerts(view: AlertsView, openGroups: string[]): Promise<Result<Alert[]>> {
    const field = groupFieldOf(view.groupBy, this.ctx.config);
    if (!field) return fail('internal', 'The list is not grouped');
    // `trend` is the console's own field: the export carries the API's alert fields only.
    const apiFields = (rows: readonly AlertRow[]): Alert[] => rows.map(({ trend: _trend, ...alert }) => alert);
    // The leader polls the view: its last answer is what the user sees.
    const known = this.shared.listFeed(view)?.exported(openGroups);
    if (known) return ok(apiFields(known));
    // A follower (or a leader before its first answer): every alert of the view, grouped the same way; offline, as the
    // kept set last held them.
    const answer = await this.allAlertsOf(view);
    if (!answer.ok) return answer;
    const alerts = apiFields(answer.value);
    const byId = new Map(alerts.map((a) => [a.id, a]));
    const groups = groupAlerts(alerts, field, { config: this.ctx.config, username: this.ctx.session.username });
    return ok(exportedIds(groups, openGroups, alerts.map((a) => a.id)).map((id) => byId.get(id)!));
  }

  async addNote(id: string, text: string, seen?: AlertSeen): Promise<Result<Note | null>> {
    const queue = async (maybeSent: boolean) => {
      await this.outbox.queue([id], { kind: 'note', text }, seen ? { [id]: seen } : {}, maybeSent);
      return ok(null);
    };
    if (!this.ctx.reachable) return queue(false);
    const result = await this.ctx.call((http) => alertsApi.addNote(http, id, text));
    // No answer: the note may have arrived, so the outbox looks at the alert's notes before sending it again.
    if (!result.ok && result.error.kind === 'network') return queue(true);
    return this.afterChange(result, id);
  }

  async cancelQueued(entryId: string): Promise<boolean> {
    return this.outbox.cancel(entryId);
  }

  async updateNote(id: string, noteId: string, text: string): Promise<Result<Note>> {
    return this.afterChange(await this.ctx.call((http) => alertsApi.updateNote(http, id, noteId, text)), id);
  }

  async deleteNote(id: string, noteId: string): Promise<Result<void>> {
    const result = await this.ctx.call((http) => alertsApi.deleteNote(http, id, noteId));
    return this.afterChange(result.ok ? ok(undefined) : result, id);
  }
  /**
   * Every alert of a group of a view: from the leader's own copy of the view when it polls it (what the user sees),
   * else from one request for all alerts of the view, grouped by the same rules.
   */
  private async groupMembers(view: GroupActionRequest['view'], key: string): Promise<Result<AlertRow[]>> {
    const field = groupFieldOf(view.groupBy, this.ctx.config);
    if (!field) return fail('internal', 'The list is not grouped');
    const known = this.shared.listFeed(view)?.groupMembers(key);
    if (known) return ok(known);
    const answer = await this.allAlertsOf(view);
    if (!answer.ok) return answer;
    const alerts = answer.value;
    const group = groupAlerts(alerts, field, { config: this.ctx.config }).find((g) => g.group.key === key);
    if (!group) return ok([]);
    const byId = new Map(alerts.map((a) => [a.id, a]));
    return ok(group.ids.map((id) => byId.get(id)!));
  }

  /** The rows the cache keeps of the list this tab shows: its page, and every alert of its kept set. */
  private async keptRows(): Promise<Map<string, AlertRow>> {
    const wanted = this.shared.shownList();
    const rows = new Map<string, AlertRow>();
    if (wanted?.slot !== 'alerts') return rows;
    const shown = await this.ctx.cache.getView(viewKey(wanted.view));
    for (const r of shown?.rows ?? []) rows.set(r.id, r);
    if (!groupFieldOf(wanted.view.groupBy, this.ctx.config)) return rows;
    const sync = new SetSync(wanted.view, this.shared.identity(), { http: () => this.ctx.http(), config: () => this.ctx.config, store: () => this.ctx.cache });
    await sync.restore();
    for (const a of sync.set.values()) rows.set(a.id, a);
    return rows;
  }

  /**
   * Every alert of a view, in its order, as a follower (or a leader before its first answer) can know it: the set the
   * leader keeps in storage brought in step by one delta cycle, or pulled whole when there is none. It reads the kept
   * set and never writes it: that is the leader's.
   */
  private async allAlertsOf(view: AlertsView): Promise<Result<AlertRow[]>> {
    const { ctx } = this;
    const sync = new SetSync(view, this.shared.identity(), {
      http: () => ctx.http(),
      config: () => ctx.config,
      customers: () => customersOf(ctx.session.state().claims),
      store: () => ({ loadSet: (key) => ctx.cache.loadSet(key), saveSet: async () => undefined }),
    });
    const result = await ctx.call(() => sync.cycle(new AbortController().signal, pollTimeoutMs(ctx.intervalMs())));
    // Offline: the set as it was kept (what the groups on screen were worked out from).
    if (!result.ok && !(result.error.kind === 'network' && sync.ready)) return result;
    const env = view.filter.environment;
    const alerts = [...sync.set.values()].filter((a) => !env || a.environment === env);
    return ok(sortForView(alerts, view, ctx.config));
  }

  /**
   * Runs one request per alert (the API has no bulk call), a few at a time, then reloads what is on screen. With
   * `queueable`, what cannot reach the API (offline, or no answer) goes to the outbox instead of failing.
   */
  private async bulk(
    ids: string[],
    run: (http: HttpContext, id: string) => Promise<Result<unknown>>,
    queueable?: { command: OutboxCommand; seen: Record<string, AlertSeen> },
    onProgress?: (done: number) => void,
  ): Promise<Result<BulkResult>> {
    const result: BulkResult = { succeeded: [], failed: [], queued: [] };
    if (queueable && !this.ctx.reachable) {
      await this.outbox.queue(ids, queueable.command, await this.completeSeen(ids, queueable.seen));
      onProgress?.(ids.length);
      return ok({ ...result, queued: [...ids] });
    }
    const http = this.ctx.http();
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const r = await run(http, id);
        if (r.ok) result.succeeded.push(id);
        else if (queueable && r.error.kind === 'network') result.queued.push(id);
        else result.failed.push({ id, error: r.error });
        onProgress?.(++done);
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ids.length) }, worker));
    if (result.queued.length) {
      this.ctx.setOnline(false);
      // no answer: the request may have arrived, so the outbox looks at the alert before sending it again
      await this.outbox.queue(result.queued, queueable!.command, await this.completeSeen(result.queued, queueable!.seen), true);
      if (result.succeeded.length === 0 && result.failed.length === 0) return ok(result);
    }
    const first = result.failed[0]?.error;
    if (first?.kind === 'auth') this.ctx.session.end('unauthorized');
    if (result.succeeded.length === 0 && result.queued.length === 0 && first) return this.ctx.track({ ok: false, error: first });
    if (result.succeeded.length) this.ctx.setOnline(true);
    // The alerts changed are asked for by id (a tag or a note moves no time the cheap checks see); a deleted one leaves.
    this.shared.changedAlerts(result.succeeded, queueable === undefined);
    // After an action the list, its tab counts and the detail reload at once (the old console left counts stale).
    await this.shared.reload();
    return ok(result);
  }

  /**
   * What the user saw of the alerts acted on, where the page had no row of them (Select all in a grouped list takes
   * alerts the page holds no row for): as this worker last knew them, from the lists it polls, else from the cached
   * copy of the list this tab shows and, for a grouped list, the set kept of it. An alert known nowhere stays without.
   */
  private async completeSeen(ids: readonly string[], seen: Record<string, AlertSeen>): Promise<Record<string, AlertSeen>> {
    const missing = ids.filter((id) => !seen[id]);
    if (missing.length === 0) return seen;
    const feeds = this.shared.listFeeds();
    let cachedRows: Map<string, AlertRow> | null = null;
    const out = { ...seen };
    for (const id of missing) {
      let alert: AlertRow | undefined;
      for (const feed of feeds) if ((alert = feed.known(id))) break;
      if (!alert) {
        cachedRows ??= await this.keptRows();
        alert = cachedRows.get(id);
      }
      if (alert) out[id] = seenOf(alert);
    }
    return out;
  }

  private async afterChange<T>(result: Result<T>, id?: string): Promise<Result<T>> {
    if (result.ok) {
      if (id) this.shared.changedAlerts([id], false);
      await this.shared.reload();
    }
    return result;
  }
}

/** What an action remembers of an alert as the user saw it (the outbox checks it before sending). */
function seenOf(alert: AlertSeen): AlertSeen {
  return { status: alert.status, lastReceiveId: alert.lastReceiveId, resource: alert.resource, event: alert.event };
}
