// Alert endpoints: receive, read, act, annotate, search, count and the summaries the console reads.
import type { Router } from '../http.ts';
import { ApiError } from '../errors.ts';
import { assignCustomer, parseIncomingAlert } from '../alert-store/incoming.ts';
import { receiveAlert } from '../alert-store/receive.ts';
import { getAlert } from '../alert-store/lookup.ts';
import { changeTags, deleteAlert, setStatus, takeAction, updateAttributes } from '../alert-store/changes.ts';
import { addNote, deleteNote, listNotes, updateNote } from '../alert-store/notes.ts';
import { buildWhere, countAlerts, searchAlerts } from '../alert-store/search.ts';
import { alertGroups, alertHistory, alertTags, environments, services, top10 } from '../alert-store/summaries.ts';
import { housekeeping } from '../alert-store/housekeeping.ts';
import { STATUS_CODES } from '../alert-rules.ts';
import { MAX_SECONDS, isSeconds } from '../time.ts';
import { countMetric } from '../context.ts';
import { receiveHeartbeatFromAlert } from './heartbeats.ts';
import { matchingBlackout } from './blackouts.ts';

const obj = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

function optionalText(b: Record<string, unknown>, key = 'text'): string {
  const v = b[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new ApiError(`'${key}' must be a string`, 400);
  return v;
}

function tagList(b: Record<string, unknown>): string[] {
  const tags = b.tags;
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) {
    throw new ApiError("must supply 'tags' as json list", 400);
  }
  return tags as string[];
}

export function registerAlertRoutes(r: Router): void {
  r.post('/alert', { scope: 'write:alerts' }, ({ ctx, body, caller, base, reply, req }) => {
    if (!ctx.settings.SENDER_API_ALLOW) throw new ApiError('Alerts are not accepted via the API', 403);
    const inc = parseIncomingAlert(ctx, body);
    inc.customer = assignCustomer(inc.customer, caller.authenticated ? caller : null);
    if (!ctx.settings.ALLOWED_ENVIRONMENTS.includes(inc.environment)) {
      countMetric(ctx, 'rejected');
      throw new ApiError(`[POLICY] Alert environment does not match one of ${ctx.settings.ALLOWED_ENVIRONMENTS.join(', ')}`, 403);
    }
    if (!('ip' in inc.attributes)) inc.attributes = { ip: req.ip.replace(/^::ffff:/, ''), ...inc.attributes };
    if (inc.event === 'Heartbeat') {
      const id = receiveHeartbeatFromAlert(ctx, inc);
      reply.code(202);
      return { id, message: 'Alert converted to Heartbeat', status: 'ok' };
    }
    const blackout = matchingBlackout(ctx, inc);
    if (blackout) {
      countMetric(ctx, 'blackout');
      reply.code(202);
      return { id: crypto.randomUUID(), message: 'Suppressed alert during blackout period', status: 'ok' };
    }
    const alert = receiveAlert(ctx, inc, caller.login, base);
    reply.code(201);
    return { alert, id: alert.id, status: 'ok' };
  });

  r.get('/alert/:id', { scope: 'read:alerts' }, ({ ctx, path, caller, base }) => {
    housekeeping(ctx);
    return { alert: getAlert(ctx, path.id as string, caller, base), status: 'ok', total: 1 };
  });

  r.put('/alert/:id/status', { scope: 'write:alerts' }, ({ ctx, path, caller, body }) => {
    const b = obj(body);
    if (b.status === undefined || b.status === null || b.status === '') throw new ApiError("must supply 'status' as json data", 400);
    if (typeof b.status !== 'string' || !(b.status in STATUS_CODES)) {
      throw new ApiError(`Status (${String(b.status)}) is not one of ${Object.keys(STATUS_CODES).join(', ')}`, 400);
    }
    setStatus(ctx, path.id as string, caller, b.status, optionalText(b));
    return { status: 'ok' };
  });

  r.put('/alert/:id/action', { scope: 'write:alerts' }, ({ ctx, path, caller, body }) => {
    const b = obj(body);
    if (typeof b.action !== 'string' || b.action === '') throw new ApiError("must supply 'action' as json data", 400);
    let timeout: number | null = null;
    if (b.timeout !== undefined && b.timeout !== null) {
      if (!isSeconds(b.timeout)) throw new ApiError(`'timeout' must be an integer from 0 to ${MAX_SECONDS} (seconds)`, 400);
      timeout = b.timeout;
    }
    housekeeping(ctx);
    takeAction(ctx, path.id as string, caller, b.action, optionalText(b), timeout);
    return { status: 'ok' };
  });

  r.put('/alert/:id/tag', { scope: 'write:alerts' }, ({ ctx, path, caller, body }) => {
    changeTags(ctx, path.id as string, caller, tagList(obj(body)), true);
    return { status: 'ok' };
  });

  r.put('/alert/:id/untag', { scope: 'write:alerts' }, ({ ctx, path, caller, body }) => {
    changeTags(ctx, path.id as string, caller, tagList(obj(body)), false);
    return { status: 'ok' };
  });

  r.put('/alert/:id/attributes', { scope: 'write:alerts' }, ({ ctx, path, caller, body }) => {
    const attrs = obj(body).attributes;
    if (attrs === null || typeof attrs !== 'object' || Array.isArray(attrs)) {
      throw new ApiError("must supply 'attributes' as json data", 400);
    }
    updateAttributes(ctx, path.id as string, caller, attrs as Record<string, unknown>);
    return { status: 'ok' };
  });

  r.put('/alert/:id/note', { scope: 'write:alerts' }, ({ ctx, path, caller, body, base, reply }) => {
    const b = obj(body);
    const text = typeof b.text === 'string' && b.text !== '' ? b.text : typeof b.note === 'string' ? b.note : '';
    if (!text) throw new ApiError("must supply 'note' text", 400);
    const note = addNote(ctx, path.id as string, caller, text, base);
    reply.code(201);
    reply.header('Location', `${base}/alert/${(note.related as { alert: string }).alert}/note/${String(note.id)}`);
    return { id: note.id, note, status: 'ok' };
  });

  r.get('/alert/:id/notes', { scope: 'read:alerts' }, ({ ctx, path, caller, base }) => {
    const notes = listNotes(ctx, path.id as string, caller, base);
    return { notes, status: 'ok', total: notes.length };
  });

  r.put('/alert/:id/note/:noteId', { scope: 'write:alerts' }, ({ ctx, path, caller, body, base }) => {
    const b = obj(body);
    const text = typeof b.text === 'string' && b.text !== '' ? b.text : typeof b.note === 'string' ? b.note : '';
    if (!text) throw new ApiError("must supply 'note' text", 400);
    return { note: updateNote(ctx, path.id as string, path.noteId as string, caller, text, base), status: 'ok' };
  });

  r.delete('/alert/:id/note/:noteId', { scope: 'write:alerts' }, ({ ctx, path, caller }) => {
    deleteNote(ctx, path.id as string, path.noteId as string, caller);
    return { status: 'ok' };
  });

  r.delete('/alert/:id', { scope: 'delete:alerts' }, ({ ctx, path, caller }) => {
    deleteAlert(ctx, path.id as string, caller);
    return { status: 'ok' };
  });

  r.get('/alerts', { scope: 'read:alerts' }, ({ ctx, query, caller, base }) => {
    housekeeping(ctx);
    return searchAlerts(ctx, query, caller, base);
  });

  r.get('/alerts/count', { scope: 'read:alerts' }, ({ ctx, query, caller }) => {
    housekeeping(ctx);
    const counts = countAlerts(ctx, buildWhere(ctx, query, caller));
    return {
      autoRefresh: ctx.settings.AUTO_REFRESH_ALLOW,
      severityCounts: counts.severityCounts,
      status: 'ok',
      statusCounts: counts.statusCounts,
      total: counts.total,
    };
  });

  r.get('/alerts/history', { scope: 'read:alerts' }, ({ ctx, query, caller, base }) => {
    const history = alertHistory(ctx, query, caller, base);
    return { history, status: 'ok', total: history.length };
  });

  for (const kind of ['count', 'flapping', 'standing'] as const) {
    for (const prefix of ['top10', 'topn']) {
      r.get(`/alerts/${prefix}/${kind}`, { scope: 'read:alerts' }, ({ ctx, query, caller, base }) => {
        const list = top10(ctx, kind, query, caller, base);
        // As the real server: an empty report says so.
        return list.length ? { status: 'ok', top10: list, total: list.length } : { status: 'ok', message: 'not found', top10: [], total: 0 };
      });
    }
  }

  r.get('/environments', { scope: 'read:alerts' }, ({ ctx, query, caller }) => {
    housekeeping(ctx);
    const list = environments(ctx, query, caller);
    return { environments: list, more: false, page: 1, pageSize: ctx.settings.DEFAULT_PAGE_SIZE, pages: 1, status: 'ok', total: list.length };
  });

  r.get('/services', { scope: 'read:alerts' }, ({ ctx, query, caller }) => {
    const list = services(ctx, query, caller);
    return { services: list, status: 'ok', total: list.length };
  });

  r.get('/alerts/groups', { scope: 'read:alerts' }, ({ ctx, query, caller }) => {
    const list = alertGroups(ctx, query, caller);
    return { groups: list, status: 'ok', total: list.length };
  });

  r.get('/alerts/tags', { scope: 'read:alerts' }, ({ ctx, query, caller }) => {
    const list = alertTags(ctx, query, caller);
    return { status: 'ok', tags: list, total: list.length };
  });
}
