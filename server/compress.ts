// API answers compressed as the real server's Flask-Compress does (Alerta 9.1 enables it in app.py with its
// defaults): JSON and text answers of 500 bytes or more with a 2xx status, in the encoding the client prefers
// (brotli at quality 4 or gzip at level 6 here; Flask-Compress would also offer zstd and deflate), with
// `Vary: Accept-Encoding`. A page of 200 alerts shrinks about tenfold, which a console on a slow link feels first.
// The work runs on libuv's thread pool, not on the event loop.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { negotiateEncoding } from './console-serving.ts';

/** Flask-Compress's COMPRESS_MIN_SIZE: smaller answers are sent as they are. */
export const COMPRESS_MIN_BYTES = 500;

const COMPRESSIBLE = /^(application\/(.+\+)?json|text\/)/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function addVary(current: unknown, name: string): string {
  const parts = String(current ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.some((p) => p.toLowerCase() === name.toLowerCase() || p === '*')) parts.push(name);
  return parts.join(', ');
}

/** Compresses this Fastify scope's answers (an onSend hook: it sees the serialised body). */
export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    // Every answer varies with the header, compressed or not (as Flask-Compress marks them): caches must not mix them.
    reply.header('Vary', addVary(reply.getHeader('vary'), 'Accept-Encoding'));
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || reply.statusCode === 204) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    const accept = req.headers['accept-encoding'];
    const encoding = negotiateEncoding(Array.isArray(accept) ? accept.join(',') : accept, ['br', 'gzip']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzipAsync(body, { level: 6 });
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
