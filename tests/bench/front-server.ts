// The benchmark's front door: serves the console from the bench's own build folder (other engineers rebuild dist/
// while a long run is going, which would swap files under it) with the same caching headers and client-side-route
// fallback as server/start.ts, and passes /api and /config.json through to the in-process server/. It also has the
// network switch of the offline phase: when off, every connection is dropped, as when the cable is pulled.
import http from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ogg': 'audio/ogg',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export interface FrontServer {
  url: string;
  port: number;
  /** requests passed to the API (and /config.json) so far: proof that an offline phase really stayed offline */
  readonly upstreamRequests: number;
  /** false drops every connection, open ones included */
  setNetwork(on: boolean): void;
  close(): Promise<void>;
}

export async function startFrontServer(distDir: string, upstream: string, port = 0): Promise<FrontServer> {
  const root = path.resolve(distDir);
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  let online = true;
  let upstreamRequests = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  const server = http.createServer((req, res) => {
    if (!online) {
      req.socket.destroy();
      return;
    }
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath === '/config.json') {
      upstreamRequests++;
      const upstreamReq = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
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
    let rel: string;
    try {
      rel = decodeURIComponent(urlPath).replace(/^\/+/, '');
    } catch {
      rel = '';
    }
    const file = path.resolve(root, rel);
    const inside = file.startsWith(root + path.sep);
    if (rel && inside && existsSync(file) && statSync(file).isFile()) {
      sendFile(res, file, cacheControl(rel));
      return;
    }
    if (rel.startsWith('assets/')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    sendFile(res, path.join(root, 'index.html'), 'no-cache');
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

function cacheControl(rel: string): string {
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (rel === 'index.html' || rel === 'sw.js' || rel.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=3600';
}

function sendFile(res: http.ServerResponse, file: string, cache: string) {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  res.writeHead(200, { 'content-type': type, 'cache-control': cache, 'content-length': statSync(file).size });
  createReadStream(file).pipe(res);
}
