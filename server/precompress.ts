// Build step: a brotli (.br) and a gzip (.gz) copy beside every text file of the built console, made once with the
// strongest settings, so the server (server/console-serving.ts, or nginx's brotli_static/gzip_static) sends them
// without compressing per request. A Vite plugin (vite.config.ts) runs it after everything else has written its
// files, the service worker included. node:zlib does both formats, so no dependency is needed.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing (images, audio and fonts are compressed already). Source maps are not served. */
export const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml|ico)$/i;
/** Below this a compressed answer saves less than its headers cost. */
export const MIN_BYTES = 1024;
/** A copy must be at least this much smaller than the file to be kept. */
const MAX_RATIO = 0.95;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brBytes: number;
  gzipBytes: number;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` (and removes copies that no longer pay). */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brBytes: 0, gzipBytes: 0 };
  const files = [...walk(dir)].filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      const copies = [
        { suffix: '.br', make: () => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }) },
        { suffix: '.gz', make: () => gz(data, { level: 9 }) },
      ];
      let kept = false;
      for (const { suffix, make } of copies) {
        const out = data.length >= MIN_BYTES ? await make() : null;
        if (out && out.length <= data.length * MAX_RATIO) {
          writeFileSync(file + suffix, out);
          kept = true;
          if (suffix === '.br') summary.brBytes += out.length;
          else summary.gzipBytes += out.length;
        } else {
          rmSync(file + suffix, { force: true });
        }
      }
      if (kept) {
        summary.files++;
        summary.bytes += statSync(file).size;
      }
    }),
  );
  return summary;
}

/** The Vite plugin: precompresses the output folder once the build (and the service worker's own build) is done. */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'alerta:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After vite-plugin-pwa's closeBundle, which writes sw.js.
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const s = await precompressDir(outDir);
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        config.logger.info(`precompressed ${s.files} files: ${kib(s.bytes)} → brotli ${kib(s.brBytes)}, gzip ${kib(s.gzipBytes)}`);
      },
    },
  };
}
