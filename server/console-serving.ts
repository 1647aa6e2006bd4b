// How the built console (dist/) is served, as a production web server would: files precompressed at build time
// (server/precompress.ts) chosen by Accept-Encoding, a year of caching for hashed assets and revalidation (ETag,
// Last-Modified, 304) for the rest, the SPA fallback for client-side routes, no source maps unless asked for, and a
// strict security policy on every answer. Used by server/start.ts (`npm start`, the end-to-end tests) and by the
// benchmark's front door (tests/bench/front-server.ts), so both send exactly the same headers.
// docs/deploying.md shows the same rules for nginx and any other static server.
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import path from 'node:path';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

export type Encoding = 'br' | 'gzip';
/** The file suffix of each precompressed copy, in order of preference (brotli is smaller). */
export const ENCODINGS: readonly { encoding: Encoding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** Where the console reports violations of its security policy (server/start.ts answers it). */
export const CSP_REPORT_PATH = '/csp-report';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite puts every hashed file under assets/; nothing else in dist/ has a content hash in its name. */
export function cacheControlFor(rel: string): string {
  return rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * The precompressed copy to send for an Accept-Encoding header, or null for the file itself. Quality values are
 * honoured (`br;q=0` refuses brotli, `*` stands for encodings not named); at equal quality brotli wins, and the
 * uncompressed file is sent only when the client rates `identity` higher than every encoding on offer.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!header || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9]*\.?[0-9]+)\s*$/i.exec(p);
      if (m) weight = Math.min(1, Number(m[1]));
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const star = q.get('*');
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const { encoding } of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const weight = q.get(encoding) ?? star ?? 0;
    if (weight > bestQ) {
      best = encoding;
      bestQ = weight;
    }
  }
  if (!best) return null;
  // The uncompressed answer is always acceptable; it wins only when the client asks for it more than for `best`.
  const identity = q.get('identity');
  return identity !== undefined && identity > bestQ ? null : best;
}

// ---- the security policy ----------------------------------------------------------------------------------------

/**
 * The origin a configured API endpoint lives on, as a CSP source: null for a same-origin endpoint ("/api", "api",
 * or an absolute URL on `selfOrigin`), "https://alerta.example.com" for another origin, or a scheme-less host for a
 * protocol-relative one ("//alerta.example.com/api" → "alerta.example.com", which CSP matches on the page's scheme).
 */
export function endpointSource(endpoint: string, selfOrigin?: string): string | null {
  const e = endpoint.trim();
  if (e.startsWith('//')) {
    const host = e.slice(2).split(/[/?#]/)[0] ?? '';
    return /^[a-z0-9.-]+(:\d+)?$/i.test(host) ? host.toLowerCase() : null;
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(e)) return null;
  let url: URL;
  try {
    url = new URL(e);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === selfOrigin ? null : url.origin;
}

export interface PolicyOptions {
  /** every endpoint the console may call: config.json's, and the build-time VITE_ALERTA_ENDPOINT when set */
  endpoints: readonly string[];
  /** the console's own origin when known (an absolute endpoint on it needs no extra source) */
  selfOrigin?: string;
  /** where violations are reported; null for nowhere */
  reportUri?: string | null;
}

/**
 * The Content-Security-Policy of the console. Everything is refused unless named (`default-src 'none'`):
 * - scripts, styles, fonts, workers (the data worker and the service worker) and the manifest only from the console's
 *   own origin. No 'unsafe-inline' anywhere: the built index.html has no inline script or style, React sets styles
 *   through the CSSOM (which CSP does not govern), and the alert-HTML sanitiser drops `style` attributes. Nonces
 *   would not work here anyway: the service worker serves a cached index.html, so a per-response nonce is impossible.
 * - connect-src: the console's origin (config.json, the precache) plus exactly the origin of each configured API
 *   endpoint when it is another one.
 * - img-src/media-src also allow any https origin: the site logo (site_logo_url), avatar pictures from the sign-in
 *   token (Google, GitHub, Gravatar... any host) and a user-chosen alert sound can live anywhere. Images and audio
 *   cannot run code; the only leak they allow is a request to that host, which links and navigation allow anyway.
 *   data: images are allowed for small inline icons in CSS.
 * - form-action 'self', base-uri 'none', object-src 'none', frame-ancestors 'none' (no clickjacking; a wall display
 *   opens the console itself, not in a frame).
 */
export function contentSecurityPolicy(opts: PolicyOptions): string {
  const apiSources = [...new Set(opts.endpoints.map((e) => endpointSource(e, opts.selfOrigin)).filter((s): s is string => s !== null))];
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    // 'report-sample' puts the first 40 characters of a refused inline script or style into the report.
    ['script-src', "'self'", "'report-sample'"],
    ['style-src', "'self'", "'report-sample'"],
    ['img-src', "'self'", 'data:', 'https:'],
    ['media-src', "'self'", 'https:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...apiSources],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['form-action', "'self'"],
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  // report-uri rather than report-to: Chromium sends report-uri reports at once, while the Reporting API batches
  // them for up to a minute (and a browser honouring report-to ignores report-uri), which the end-to-end check needs.
  if (opts.reportUri) directives.push(['report-uri', opts.reportUri]);
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Features the console never uses, switched off for it and anything it might embed. Fullscreen (kiosk) stays. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The headers sent with every file of the console. Cross-Origin-Opener-Policy is deliberately absent: the console
 * watches its social sign-in popup to notice that the user closed it or that the provider does not answer, and
 * `same-origin` (or `same-origin-allow-popups`, once the popup returns from another origin) would hide it (docs/sso.md).
 */
export function securityHeaders(opts: PolicyOptions & { secure?: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // A private console: search engines should neither index it nor follow its links (see README, "SEO").
    'X-Robots-Tag': 'noindex, nofollow',
  };
  // Only meaningful over https (browsers ignore it on http), e.g. behind a TLS proxy that says X-Forwarded-Proto.
  if (opts.secure) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

// ---- static answers -----------------------------------------------------------------------------------------------

export interface StaticOptions {
  /** the built console */
  root: string;
  /** answer *.map files (normally 404: source maps stay on disk for local attribution, not on the web) */
  serveSourceMaps?: boolean;
  /** headers added to every answer (the security policy) */
  extraHeaders?: Record<string, string>;
}

export interface StaticRequest {
  method: string;
  /** the path of the URL, undecoded, without the query */
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface StaticAnswer {
  status: 200 | 206 | 304 | 400 | 404 | 405 | 416 | 503;
  headers: Record<string, string>;
  /** the file to send, or null for `body` (or nothing) */
  file: string | null;
  /** byte range of `file` to send, inclusive */
  range?: { start: number; end: number };
  body?: string;
}

/** Files that are never a client-side route: when missing they are a 404, not the app shell. */
const STATIC_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.map', '.br', '.gz', '.png', '.ico', '.svg', '.ogg', '.mp3', '.woff2', '.webmanifest']);

function header(req: StaticRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function fileStat(file: string): Stats | null {
  try {
    const s = statSync(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

export function etagOf(stat: Pick<Stats, 'size' | 'mtimeMs'>, encoding: Encoding | null): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

/** True when the client's copy is still good (If-None-Match wins over If-Modified-Since, as RFC 9110 says). */
export function notModified(req: StaticRequest, etag: string, mtime: Date): boolean {
  const inm = header(req, 'if-none-match');
  if (inm !== undefined) {
    const ours = etag.replace(/^W\//, '');
    return inm.split(',').some((t) => {
      const tag = t.trim().replace(/^W\//, '');
      return tag === '*' || tag === ours;
    });
  }
  const ims = header(req, 'if-modified-since');
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/** A single `bytes=a-b` range of a file of `size` bytes; undefined for none (or one we do not serve), null when unsatisfiable. */
export function parseRange(value: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!value) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

/**
 * What to answer for a request for the console: a file of dist/ (in its best precompressed form), a 304, the app
 * shell for a client-side route, or an error. Decides only; the caller streams `file`.
 */
export function answerStatic(req: StaticRequest, opts: StaticOptions): StaticAnswer {
  const root = path.resolve(opts.root);
  const base = { ...opts.extraHeaders };
  const plain = (status: StaticAnswer['status'], body: string, extra: Record<string, string> = {}): StaticAnswer => ({
    status,
    headers: { ...base, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE, 'Content-Length': String(Buffer.byteLength(body)), ...extra },
    file: null,
    body,
  });
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  let rel: string;
  try {
    rel = decodeURIComponent(req.path).replace(/^\/+/, '');
  } catch {
    return plain(400, 'Bad Request');
  }
  if (rel.includes('\0')) return plain(400, 'Bad Request');
  const ext = path.extname(rel).toLowerCase();
  const hidden = ext === '.br' || ext === '.gz' || (ext === '.map' && !opts.serveSourceMaps);
  const file = path.resolve(root, rel);
  const inside = file.startsWith(root + path.sep);
  let stat = rel && inside && !hidden ? fileStat(file) : null;
  let target = file;
  let relTarget = rel;
  if (!stat) {
    if (hidden || rel.startsWith('assets/') || STATIC_EXTENSIONS.has(ext)) return plain(404, 'Not Found');
    // A client-side route (/alerts, /alert/<id>...): the app shell answers, and the app routes.
    target = path.join(root, 'index.html');
    relTarget = 'index.html';
    stat = fileStat(target);
    if (!stat) return plain(503, 'The console is not built. Run `npm run build`, then start the server again.');
  }

  const variants = ENCODINGS.map((e) => ({ ...e, stat: fileStat(target + e.suffix) })).filter((v) => v.stat !== null);
  const encoding = negotiateEncoding(header(req, 'accept-encoding'), variants.map((v) => v.encoding));
  const chosen = encoding ? variants.find((v) => v.encoding === encoding)! : null;
  const sentFile = chosen ? target + chosen.suffix : target;
  const sentStat = chosen ? chosen.stat! : stat;
  const etag = etagOf(sentStat, encoding);
  const headers: Record<string, string> = {
    ...base,
    'Content-Type': CONTENT_TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(relTarget),
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
  };
  if (variants.length > 0) headers.Vary = 'Accept-Encoding';
  if (notModified(req, etag, stat.mtime)) {
    delete headers['Content-Type'];
    return { status: 304, headers, file: null };
  }
  if (encoding) headers['Content-Encoding'] = encoding;
  else headers['Accept-Ranges'] = 'bytes';
  // Ranges (audio elements ask for them) only of the uncompressed file, and only while the client's copy matches.
  const ifRange = header(req, 'if-range');
  const range = encoding || (ifRange !== undefined && ifRange !== etag) ? undefined : parseRange(header(req, 'range'), sentStat.size);
  if (range === null) return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${sentStat.size}`, 'Content-Length': '0' }, file: null, body: '' };
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${sentStat.size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
    return { status: 206, headers, file: sentFile, range };
  }
  headers['Content-Length'] = String(sentStat.size);
  return { status: 200, headers, file: sentFile };
}

/** A strong validator for a small generated body (config.json). */
export function etagOfBody(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

// ---- violation reports --------------------------------------------------------------------------------------------

/** One CSP violation, from either report format (report-uri's application/csp-report or the Reporting API's). */
export interface CspViolation {
  documentUrl: string;
  blockedUrl: string;
  directive: string;
  sourceFile?: string;
  line?: number;
  sample?: string;
  disposition?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The violations in a report body (parsed JSON); the fields are cut to a sane length. Unknown shapes give none. */
export function parseCspReports(body: unknown): CspViolation[] {
  const cut = (s: string | undefined) => (s === undefined ? undefined : s.slice(0, 500));
  const one = (r: Record<string, unknown>, kind: 'legacy' | 'reporting'): CspViolation => {
    const pick = (legacy: string, modern: string) => str(kind === 'legacy' ? r[legacy] : r[modern]);
    const lineRaw = kind === 'legacy' ? r['line-number'] : r.lineNumber;
    return {
      documentUrl: cut(pick('document-uri', 'documentURL')) ?? '',
      blockedUrl: cut(pick('blocked-uri', 'blockedURL')) ?? '',
      directive: cut(pick('effective-directive', 'effectiveDirective') ?? pick('violated-directive', 'effectiveDirective')) ?? '',
      sourceFile: cut(pick('source-file', 'sourceFile')),
      line: typeof lineRaw === 'number' ? lineRaw : undefined,
      sample: cut(pick('script-sample', 'sample')),
      disposition: cut(pick('disposition', 'disposition')),
    };
  };
  if (body && typeof body === 'object' && !Array.isArray(body) && 'csp-report' in body) {
    const r = (body as Record<string, unknown>)['csp-report'];
    return r && typeof r === 'object' ? [one(r as Record<string, unknown>, 'legacy')] : [];
  }
  if (Array.isArray(body)) {
    return body
      .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && (r as Record<string, unknown>).type === 'csp-violation')
      .map((r) => (r.body && typeof r.body === 'object' ? one(r.body as Record<string, unknown>, 'reporting') : null))
      .filter((v): v is CspViolation => v !== null);
  }
  return [];
}
