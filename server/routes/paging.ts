// The paging envelope shared by the list endpoints: {more, page, pageSize, pages, total} in the body, 416 past the end.
import type { AppContext } from '../context.ts';
import type { Params } from '../query.ts';
import { parsePaging } from '../alert-store/search.ts';
import { ApiError } from '../errors.ts';

export function pageOf<T>(ctx: AppContext, query: Params, list: T[]): { items: T[]; more: boolean; page: number; pageSize: number; pages: number; total: number } {
  const { page, pageSize } = parsePaging(ctx, query);
  const total = list.length;
  const pages = Math.ceil(total / pageSize);
  if (total > 0 && page > pages) throw new ApiError(`page out of range: 1-${pages}`, 416);
  return { items: list.slice((page - 1) * pageSize, page * pageSize), more: page < pages, page, pageSize, pages: Math.max(pages, 1), total };
}

export const bodyObject = (body: unknown): Record<string, unknown> => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('Request body must be a JSON object', 400);
  return body as Record<string, unknown>;
};

export function optString(b: Record<string, unknown>, key: string): string | undefined {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ApiError(`'${key}' must be a string`, 400);
  return v;
}

export function optStringList(b: Record<string, unknown>, key: string): string[] | undefined {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new ApiError(`'${key}' must be a list of strings`, 400);
  return v as string[];
}
