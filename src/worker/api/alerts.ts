// Calls on single alerts (/alert/{id}/...) and alert lists (/alerts, /environments, ...).
import type { Alert, CountResponse, Note } from '../../core/types.ts';
import { anyObject, isObj, request, type HttpContext } from '../http.ts';
import { parseAlert } from '../schema.ts';
import type { Result } from '../contract/index.ts';
import { compareNames } from '../../core/names.ts';
import { sumByValue, type ValueCount } from '../../core/query-suggest.ts';

const enc = encodeURIComponent;

export function getAlert(ctx: HttpContext, id: string, signal?: AbortSignal, timeoutMs?: number): Promise<Result<Alert>> {
  return request(ctx, `/alert/${enc(id)}`, (body) => (isObj(body) ? parseAlert(body.alert) : null), { signal, timeoutMs });
}

export function actionAlert(ctx: HttpContext, id: string, body: { action: string; text: string; timeout?: number | null }) {
  return request(ctx, `/alert/${enc(id)}/action`, anyObject, { method: 'PUT', body });
}

export function tagAlert(ctx: HttpContext, id: string, tags: string[], on: boolean) {
  return request(ctx, `/alert/${enc(id)}/${on ? 'tag' : 'untag'}`, anyObject, { method: 'PUT', body: { tags } });
}

export function deleteAlert(ctx: HttpContext, id: string) {
  return request(ctx, `/alert/${enc(id)}`, anyObject, { method: 'DELETE' });
}

const parseNote = (raw: unknown): Note | null => {
  if (!isObj(raw) || typeof raw.id !== 'string') return null;
  return {
    ...(raw as unknown as Note),
    text: typeof raw.text === 'string' ? raw.text : '',
    user: typeof raw.user === 'string' ? raw.user : null,
    createTime: typeof raw.createTime === 'string' ? raw.createTime : '',
    updateTime: typeof raw.updateTime === 'string' ? raw.updateTime : null,
  };
};

export function addNote(ctx: HttpContext, id: string, text: string): Promise<Result<Note>> {
  return request(ctx, `/alert/${enc(id)}/note`, (body) => (isObj(body) ? parseNote(body.note) : null), { method: 'PUT', body: { text } });
}

export function updateNote(ctx: HttpContext, id: string, noteId: string, text: string): Promise<Result<Note>> {
  // The real server reads the new text from `text` (the old console sent `note`, which it ignores).
  return request(ctx, `/alert/${enc(id)}/note/${enc(noteId)}`, (body) => (isObj(body) ? parseNote(body.note) : null), {
    method: 'PUT',
    body: { text, note: text },
  });
}

export function deleteNote(ctx: HttpContext, id: string, noteId: string) {
  return request(ctx, `/alert/${enc(id)}/note/${enc(noteId)}`, anyObject, { method: 'DELETE' });
}

export function getNotes(ctx: HttpContext, id: string, signal?: AbortSignal, timeoutMs?: number): Promise<Result<Note[]>> {
  return request(
    ctx,
    `/alert/${enc(id)}/notes`,
    (body) => (isObj(body) && Array.isArray(body.notes) ? body.notes.map(parseNote).filter((n): n is Note => n !== null) : null),
    { signal, timeoutMs },
  );
}

export function countAlerts(ctx: HttpContext, params: URLSearchParams, signal?: AbortSignal, timeoutMs?: number): Promise<Result<CountResponse>> {
  return request(
    ctx,
    '/alerts/count',
    (body) =>
      isObj(body) && typeof body.total === 'number'
        ? ({ status: 'ok', total: body.total, severityCounts: countMap(body.severityCounts), statusCounts: countMap(body.statusCounts) } as CountResponse)
        : null,
    { params, signal, timeoutMs },
  );
}

function countMap(x: unknown): Record<string, number> {
  if (!isObj(x)) return {};
  return Object.fromEntries(Object.entries(x).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

/** A list endpoint like /services whose items carry one named string field: returns the distinct values, sorted. */
export function getNames(ctx: HttpContext, path: string, listKey: string, field: string): Promise<Result<string[]>> {
  return request(ctx, path, (body) => {
    if (!isObj(body) || !Array.isArray(body[listKey])) return null;
    const values = new Set<string>();
    for (const item of body[listKey] as unknown[]) {
      const v = isObj(item) ? item[field] : item;
      if (typeof v === 'string' && v.trim()) values.add(v);
    }
    return [...values].sort(compareNames);
  });
}

/**
 * A counted list like /services or /alerts/tags (one item per value and environment, each with its count): the
 * values with their counts added up, largest first.
 */
export function getCounted(ctx: HttpContext, path: string, listKey: string, field: string): Promise<Result<ValueCount[]>> {
  return request(ctx, path, (body) => {
    if (!isObj(body) || !Array.isArray(body[listKey])) return null;
    return sumByValue(
      (body[listKey] as unknown[]).flatMap((item) =>
        isObj(item) && typeof item[field] === 'string' ? [{ value: item[field], count: typeof item.count === 'number' ? item.count : null }] : [],
      ),
    );
  });
}

/** Severity and status counts of /environments, added up over the environments. */
export function getEnvironmentCounts(ctx: HttpContext): Promise<Result<{ environment: ValueCount[]; severity: ValueCount[]; status: ValueCount[] }>> {
  return request(ctx, '/environments', (body) => {
    if (!isObj(body) || !Array.isArray(body.environments)) return null;
    const items = (body.environments as unknown[]).filter(isObj);
    const counts = (key: string) =>
      sumByValue(items.flatMap((e) => (isObj(e[key]) ? Object.entries(e[key]).flatMap(([value, n]) => (typeof n === 'number' ? [{ value, count: n }] : [])) : [])));
    return {
      environment: sumByValue(items.flatMap((e) => (typeof e.environment === 'string' ? [{ value: e.environment, count: typeof e.count === 'number' ? e.count : null }] : []))),
      severity: counts('severityCounts'),
      status: counts('statusCounts'),
    };
  });
}

/**
 * The most frequent values of a field (`/alerts/topn/count?group-by=field`), at most `limit`: each counted as the
 * alerts it lists (the server's own count adds an alert once per service).
 */
export function getTopValues(ctx: HttpContext, field: string, limit: number): Promise<Result<ValueCount[]>> {
  const params = new URLSearchParams({ 'group-by': field, 'page-size': String(limit) });
  return request(
    ctx,
    '/alerts/topn/count',
    (body) => {
      if (!isObj(body) || !Array.isArray(body.top10)) return null;
      return sumByValue(
        (body.top10 as unknown[]).flatMap((item) => {
          if (!isObj(item) || typeof item[field] !== 'string') return [];
          const count = Array.isArray(item.resources) ? item.resources.length : typeof item.count === 'number' ? item.count : null;
          return [{ value: item[field], count }];
        }),
      );
    },
    { params },
  );
}
