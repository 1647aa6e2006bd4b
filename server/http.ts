// The HTTP layer shared by all routes: error envelope, JSON body parsing (400/413/415), CORS like the real
// server, 404 and 405 envelopes, request ids, and a small router that resolves the caller and checks scopes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SYSTEM_CALLER, type AppContext, type Caller } from './context.ts';
import { ApiError } from './errors.ts';
import { resolveCaller, requireScope } from './auth.ts';
import { parseParams, type Params } from './query.ts';
import { QueryTimeout, withQueryBudget } from './db.ts';
import { PasswordQueueFull } from './passwords.ts';
import { compressAnswers } from './compress.ts';

export interface RouteCtx {
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
  query: Params;
  path: Record<string, string>;
  body: unknown;
  /** absolute API base as the client sees it, e.g. http://localhost:8080/api (for href and /config endpoint) */
  base: string;
}

export type Handler = (rc: RouteCtx) => unknown;

export interface RouteOptions {
  /** scope the caller needs; null = any caller that passed authentication */
  scope?: string | null;
  /** 'none' skips authentication entirely (login, signup, /config, health checks) */
  auth?: 'required' | 'none';
  /** the body must be JSON (415 otherwise); default true for POST and PUT */
  json?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const FLASK_404 =
  'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.';
const FLASK_405 = 'The method is not allowed for the requested URL.';
export const FLASK_400 = 'The browser (or proxy) sent a request that this server could not understand.';
const MSG_415 = "POST and PUT requests must set 'Content-type' to 'application/json'";

export function requestIdOf(req: FastifyRequest): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && given.length > 0 && given.length <= 200 ? given : (req.id as string);
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: number, message: string, errors: unknown = null): FastifyReply {
  return reply
    .code(code)
    .type('application/json')
    .send({ code, errors, message, requestId: requestIdOf(req), status: 'error' });
}

/** Is this Origin allowed? CORS_ORIGINS entries match exactly, or any port of the same scheme and host. */
export function originAllowed(allowed: string[], origin: string): boolean {
  if (allowed.includes('*')) return true;
  for (const a of allowed) {
    if (origin === a) return true;
    if (origin.startsWith(`${a}:`) && /^\d+$/.test(origin.slice(a.length + 1))) return true;
  }
  return false;
}

export function apiBase(ctx: AppContext, req: FastifyRequest, prefix: string): string {
  if (ctx.settings.BASE_URL) return ctx.settings.BASE_URL.replace(/\/$/, '');
  const fwdProto = req.headers['x-forwarded-proto'];
  const proto = typeof fwdProto === 'string' ? fwdProto.split(',')[0]!.trim() : req.protocol;
  const fwdHost = req.headers['x-forwarded-host'];
  const host = typeof fwdHost === 'string' ? fwdHost.split(',')[0]!.trim() : req.headers.host ?? 'localhost';
  return `${proto}://${host}${prefix}`;
}

export class Router {
  private readonly methodsByPath = new Map<string, Set<string>>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AppContext,
    private readonly prefix: string,
  ) {}

  get(path: string, opts: RouteOptions, h: Handler): void {
    this.add('GET', path, opts, h);
  }
  post(path: string, opts: RouteOptions, h: Handler): void {
    this.add('POST', path, opts, h);
  }
  put(path: string, opts: RouteOptions, h: Handler): void {
    this.add('PUT', path, opts, h);
  }
  delete(path: string, opts: RouteOptions, h: Handler): void {
    this.add('DELETE', path, opts, h);
  }

  private add(method: Method, path: string, opts: RouteOptions, h: Handler): void {
    const set = this.methodsByPath.get(path) ?? new Set<string>();
    set.add(method);
    this.methodsByPath.set(path, set);
    const ctx = this.ctx;
    const prefix = this.prefix;
    const needsJson = opts.json ?? (method === 'POST' || method === 'PUT');
    this.app.route({
      method,
      url: path,
      handler: async (req, reply) => {
        if (needsJson && !isJson(req)) throw new ApiError(MSG_415, 415);
        const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
        const query = parseParams(rawQuery);
        let caller: Caller;
        if (opts.auth === 'none') {
          caller = SYSTEM_CALLER;
        } else {
          caller = await resolveCaller(ctx, req.headers.authorization, query.get('api-key')?.[0], req.ip);
          if (opts.scope) requireScope(ctx, caller, opts.scope);
        }
        // the budget covers the handler's synchronous work, where every alert query runs
        const result = await withQueryBudget(ctx.settings.QUERY_TIME_LIMIT_MS, () => h({
          ctx, req, reply, caller, query, path: (req.params ?? {}) as Record<string, string>,
          body: req.body ?? null, base: apiBase(ctx, req, prefix),
        }));
        if (reply.sent) return reply;
        return reply.type(reply.getHeader('content-type') ? String(reply.getHeader('content-type')) : 'application/json').send(result);
      },
    });
  }

  /** Registers 405 answers for the other methods of every known path. Call after all routes. */
  finish(): void {
    for (const [path, methods] of this.methodsByPath) {
      const others = (['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const).filter((m) => !methods.has(m));
      if (others.length === 0) continue;
      this.app.route({
        method: [...others],
        url: path,
        handler: async (req, reply) => sendError(req, reply, 405, `405 Method Not Allowed: ${FLASK_405}`, [FLASK_405]),
      });
    }
  }
}

/** Deepest JSON nesting a body may have: enough for any real alert or setting, far from the stack's limit. */
export const MAX_JSON_DEPTH = 64;

/** How deeply a JSON text nests its arrays and objects (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

function isJson(req: FastifyRequest): boolean {
  const ct = req.headers['content-type'];
  return typeof ct === 'string' && /^application\/(.+\+)?json\b/i.test(ct.trim());
}

/** Installs parsing, CORS, request ids and the error/404 envelopes on an API instance. */
export function installHttpBasics(app: FastifyInstance, ctx: AppContext): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/(.+\+)?json/i, { parseAs: 'string', bodyLimit: ctx.settings.MAX_BODY_BYTES }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, null);
    // deeper nesting would overflow the stack further down (JSON.stringify of attributes): a 500 before
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return done(new ApiError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 400), undefined);
    }
    try {
      // drop __proto__ keys so a body can never change an object's prototype further down
      done(null, JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value)));
    } catch {
      done(new ApiError(`400 Bad Request: ${FLASK_400}`, 400, [FLASK_400]), undefined);
    }
  });
  // Other bodies are read (so size limits apply) and then refused by routes that need JSON.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ctx.settings.MAX_BODY_BYTES }, (_req, _body, done) => done(null, undefined));

  // Server-Timing tells a browser's network panel (and the benchmark) how long the server itself took.
  const started = new WeakMap<object, bigint>();
  app.addHook('onSend', async (req, reply, payload) => {
    const t0 = started.get(req);
    if (t0 !== undefined) reply.header('Server-Timing', `app;dur=${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(2)}`);
    return payload;
  });

  app.addHook('onRequest', async (req, reply) => {
    started.set(req, process.hrtime.bigint());
    const rid = requestIdOf(req);
    reply.header('X-Request-ID', rid);
    const origin = req.headers.origin;
    if (typeof origin === 'string' && originAllowed(ctx.settings.CORS_ORIGINS, origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      if (ctx.settings.AUTH_REQUIRED) reply.header('Access-Control-Allow-Credentials', 'true');
      // Retry-After (on 429) is not a CORS-safelisted header: a console on another origin could not read it
      reply.header('Access-Control-Expose-Headers', 'X-Request-ID, Retry-After');
    }
    if (req.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Headers', 'authorization, content-type, x-request-id');
      reply.header('Access-Control-Allow-Methods', 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT');
      if (ctx.settings.CORS_MAX_AGE > 0) reply.header('Access-Control-Max-Age', String(ctx.settings.CORS_MAX_AGE));
      return reply.code(200).type('text/html; charset=utf-8').send('');
    }
    return undefined;
  });

  // JSON answers compressed by Accept-Encoding, as Flask-Compress does for the real server (server/compress.ts).
  compressAnswers(app);

  app.setNotFoundHandler((req, reply) => sendError(req, reply, 404, `404 Not Found: ${FLASK_404}`, [FLASK_404]));

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string | number }, req, reply) => {
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return sendError(req, reply, err.code, err.message, err.errors);
    }
    if (err instanceof PasswordQueueFull) {
      reply.header('Retry-After', '1');
      return sendError(req, reply, 429, 'Too many password checks at once; try again in 1 second');
    }
    if (err instanceof QueryTimeout) {
      return sendError(req, reply, 400, `Query took longer than ${err.limitMs} ms and was stopped; narrow it down (fewer wildcards or regular expressions, fewer terms, or more filters)`,
        [`QUERY_TIME_LIMIT_MS is ${err.limitMs}`]);
    }
    const fcode = typeof err.code === 'string' ? err.code : '';
    if (fcode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(req, reply, 413, `Request body is larger than the limit of ${ctx.settings.MAX_BODY_BYTES} bytes`);
    }
    if (fcode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(req, reply, 415, MSG_415);
    if (fcode === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fcode === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(req, reply, 400, `400 Bad Request: ${FLASK_400}`, [FLASK_400]);
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(req, reply, err.statusCode, err.message);
    }
    req.log.error(err);
    return sendError(req, reply, 500, 'An internal error has occurred!', [String(err.message)]);
  });
}
