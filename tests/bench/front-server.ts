// The benchmark's front door: serves the console from the bench's own build folder (other engineers rebuild dist/
// while a long run is going, which would swap files under it) with exactly the rules of server/start.ts (the same
// module decides: precompressed copies by Accept-Encoding, cache headers and 304s, SPA fallback, no source maps, the
// security headers), and passes /api, /config.json and /csp-report through to the in-process server/. It also has
// the network switch of the offline phase: when off, every connection is dropped, as when the cable is pulled. With
// `apiEndpoint` its config.json names an API on another origin instead (the start-up phase at a round-trip delay).
import http from 'node:http';
import { createReadStream } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { answerStatic, CSP_REPORT_PATH, REVALIDATE, securityHeaders } from '../../server/console-serving.ts';

export interface FrontServer {
  url: string;
  port: number;
  /** requests passed to the API (and /config.json) so far: proof that an offline phase really stayed offline */
  readonly upstreamRequests: number;
  /** bytes of the API's answers passed back so far (bodies as sent: compressed when the API compressed them) */
  readonly upstreamBytes: number;
  /**
   * How long the API was busy with the requests passed since request number `from` (upstreamRequests then): the union
   * of their intervals from sent to answered, so requests in flight together count once. On loopback, with the API in
   * this process, that is the server's time for them.
   */
  upstreamBusyMs(from: number): number;
  /** false drops every connection, open ones included */
  setNetwork(on: boolean): void;
  close(): Promise<void>;
}

export async function startFrontServer(distDir: string, upstream: string, port = 0, options: { apiEndpoint?: string } = {}): Promise<FrontServer> {
  const root = distDir;
  const target = new URL(upstream);
  // The demo's config.json says /api: the same origin as this door (or the API on another origin it was given).
  const endpoint = options.apiEndpoint ?? '/api';
  const policy = securityHeaders({ endpoints: [endpoint], reportUri: CSP_REPORT_PATH });
  const configBody = JSON.stringify({ endpoint });
  const sockets = new Set<Socket>();
  let online = true;
  let upstreamRequests = 0;
  let upstreamBytes = 0;
  /** [sent, answered] of each request passed upstream, by its number (answered NaN while in flight) */
  const intervals: [number, number][] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  const server = http.createServer((req, res) => {
    if (!online) {
      req.socket.destroy();
      return;
    }
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (options.apiEndpoint && urlPath === '/config.json') {
      res.writeHead(200, { ...policy, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': REVALIDATE });
      res.end(configBody);
      return;
    }
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath === '/config.json' || urlPath === CSP_REPORT_PATH) {
      const interval: [number, number] = [performance.now(), Number.NaN];
      if (urlPath !== CSP_REPORT_PATH) {
        upstreamRequests++;
        intervals.push(interval);
      }
      const upstreamReq = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
          upstreamRes.on('data', (chunk: Buffer) => (upstreamBytes += chunk.length));
          upstreamRes.on('end', () => (interval[1] = performance.now()));
          upstreamRes.pipe(res);
        },
      );
      upstreamReq.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('upstream failed');
      });
      req.pipe(upstreamReq);
      return;
    }
    const answer = answerStatic({ method: req.method ?? 'GET', path: urlPath, headers: req.headers }, { root, extraHeaders: policy });
    res.writeHead(answer.status, answer.headers);
    if (req.method === 'HEAD' || !answer.file) {
      res.end(answer.body ?? '');
      return;
    }
    createReadStream(answer.file, answer.range).pipe(res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (!online) socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    get upstreamRequests() {
      return upstreamRequests;
    },
    get upstreamBytes() {
      return upstreamBytes;
    },
    upstreamBusyMs(from: number) {
      const spans = intervals.slice(from).map(([a, b]): [number, number] => [a, Number.isNaN(b) ? performance.now() : b]).sort((x, y) => x[0] - y[0]);
      let busy = 0;
      let end = Number.NEGATIVE_INFINITY;
      for (const [a, b] of spans) {
        if (b <= end) continue;
        busy += b - Math.max(a, end);
        end = b;
      }
      return busy;
    },
    setNetwork(on: boolean) {
      online = on;
      if (!on) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
