// The console's side of the demo server (everything outside /api): /config.json, the security-policy violation
// reports at /csp-report, and, when serving the built console, every file of dist/ with the SPA fallback. The rules
// themselves (encodings, caching, headers) live in ./console-serving.ts, shared with the benchmark's front door.
import { appendFileSync, createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError, FLASK_404 } from './http.ts';
import {
  answerStatic,
  CSP_REPORT_PATH,
  etagOfBody,
  notModified,
  parseCspReports,
  REVALIDATE,
  securityHeaders,
  type CspViolation,
} from './console-serving.ts';

export interface ConsoleRouteOptions {
  /** what config.json tells the console: where the API is */
  endpoint: string;
  /** the build-time endpoint (VITE_ALERTA_ENDPOINT), which wins over config.json in the console */
  buildEndpoint?: string;
  /** the built console, or null to serve only config.json and the reports */
  distDir: string | null;
  apiPrefix: string;
  serveSourceMaps: boolean;
  /** append every violation as a JSON line here (the end-to-end tests read it) */
  reportFile: string | null;
}

/** The most recent violations, newest last; bounded so a noisy or hostile client cannot fill the memory. */
export interface CspViolationLog {
  readonly recent: readonly (CspViolation & { at: string })[];
  readonly total: number;
}

const KEEP_REPORTS = 200;
const LOG_PER_MINUTE = 20;
const REPORT_BODY_LIMIT = 64 * 1024;

export async function registerConsole(app: FastifyInstance, opts: ConsoleRouteOptions): Promise<CspViolationLog> {
  const endpoints = [opts.endpoint, ...(opts.buildEndpoint ? [opts.buildEndpoint] : [])];
  const headersFor = (req: FastifyRequest) =>
    securityHeaders({ endpoints, selfOrigin: `${req.protocol}://${req.host}`, reportUri: CSP_REPORT_PATH, secure: req.protocol === 'https' });

  const configBody = JSON.stringify({ endpoint: opts.endpoint });
  const configEtag = etagOfBody(configBody);
  app.get('/config.json', async (req, reply) => {
    reply.headers(headersFor(req)).header('Cache-Control', REVALIDATE).header('ETag', configEtag);
    // Only the ETag decides: there is no Last-Modified to compare an If-Modified-Since with.
    const inm = { 'if-none-match': req.headers['if-none-match'] };
    if (notModified({ method: req.method, path: '/config.json', headers: inm }, configEtag, new Date())) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(configBody);
  });

  const recent: (CspViolation & { at: string })[] = [];
  let total = 0;
  let logged = 0;
  let logWindow = 0;
  const log: CspViolationLog = {
    get recent() {
      return recent;
    },
    get total() {
      return total;
    },
  };
  await app.register(async (scope) => {
    // Browsers post application/csp-report (report-uri) or application/reports+json (the Reporting API).
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json', 'application/json'],
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
      (_req, body, done) => {
        try {
          done(null, JSON.parse(typeof body === 'string' ? body : body.toString('utf8')));
        } catch {
          done(null, null);
        }
      },
    );
    scope.post(CSP_REPORT_PATH, async (req, reply) => {
      const now = new Date();
      for (const v of parseCspReports(req.body)) {
        total++;
        const entry = { at: now.toISOString(), ...v };
        recent.push(entry);
        if (recent.length > KEEP_REPORTS) recent.shift();
        if (opts.reportFile) {
          try {
            appendFileSync(opts.reportFile, JSON.stringify(entry) + '\n');
          } catch (e) {
            console.error(`could not record a CSP violation in ${opts.reportFile}: ${(e as Error).message}`);
          }
        }
        if (now.getTime() - logWindow > 60_000) {
          logWindow = now.getTime();
          logged = 0;
        }
        if (logged++ < LOG_PER_MINUTE) {
          console.warn(`CSP violation: ${v.directive} refused ${v.blockedUrl || '(inline)'} on ${v.documentUrl}${v.sourceFile ? ` (${v.sourceFile}:${v.line ?? '?'})` : ''}`);
        }
      }
      return reply.code(204).send();
    });
  });

  if (opts.distDir) {
    const root = opts.distDir;
    const serve = async (req: FastifyRequest, reply: FastifyReply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      if (pathname === opts.apiPrefix || pathname.startsWith(`${opts.apiPrefix}/`)) {
        return sendError(req, reply, 404, `404 Not Found: ${FLASK_404}`, [FLASK_404]);
      }
      const answer = answerStatic(
        { method: req.method, path: pathname, headers: req.headers },
        { root, serveSourceMaps: opts.serveSourceMaps, extraHeaders: headersFor(req) },
      );
      reply.code(answer.status).headers(answer.headers);
      if (req.method === 'HEAD' || !answer.file) return reply.send(req.method === 'HEAD' ? undefined : answer.body);
      return reply.send(createReadStream(answer.file, answer.range));
    };
    // Files that exist are served; any other path outside /api gets the app shell (client-side routes).
    // HEAD declared with GET (not Fastify's automatic HEAD route, which would read the file to count its bytes).
    app.route({ method: ['GET', 'HEAD'], url: '/*', handler: serve });
  }
  return log;
}
