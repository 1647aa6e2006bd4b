// What a built chunk is made of: its minified bytes attributed through its source map to packages and source
// folders, with each part's share of the chunk's gzip size (proportional to minified bytes: an estimate, gzip does
// not compress every part equally). Usage:
//   node --import tsx tests/bench/chunk-composition.ts BUILD_DIR [--files] [assets/index-abc.js ...]
// (no files named: every .js of the build; --files: by source file instead of by package or folder)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bucketOf } from './startup-profile.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one line of a source map's `mappings` into [generatedColumn, sourceIndex | -1] segments. */
function decodeLine(line: string, state: { source: number }): [number, number][] {
  const out: [number, number][] = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const ch of segment) {
      const digit = B64.indexOf(ch);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0] ?? 0;
    if (values.length >= 4) {
      state.source += values[1]!;
      out.push([column, state.source]);
    } else out.push([column, -1]);
  }
  return out;
}

/** Minified bytes per package or source folder of one chunk. */
export function composition(file: string, root = process.cwd(), by: 'bucket' | 'file' = 'bucket'): Map<string, number> {
  const code = readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  const bytes = new Map<string, number>();
  const add = (key: string, n: number) => bytes.set(key, (bytes.get(key) ?? 0) + n);
  if (!existsSync(mapFile)) {
    add('(no map)', Buffer.byteLength(code));
    return bytes;
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string; sourceRoot?: string };
  const buckets = map.sources.map((s) => {
    const rel = path.relative(root, path.resolve(path.dirname(mapFile), map.sourceRoot ?? '', s));
    return by === 'file' ? rel.replace(/^node_modules\/\.cache\/[^/]+\//, '').replace(/^node_modules\//, '') : bucketOf(rel);
  });
  const lines = code.split('\n');
  const mapped = map.mappings.split(';');
  const state = { source: 0 };
  lines.forEach((text, i) => {
    const segments = decodeLine(mapped[i] ?? '', state);
    if (segments.length === 0) {
      add('(unmapped)', Buffer.byteLength(text) + 1);
      return;
    }
    if (segments[0]![0] > 0) add('(unmapped)', Buffer.byteLength(text.slice(0, segments[0]![0])));
    segments.forEach(([col, source], k) => {
      const end = k + 1 < segments.length ? segments[k + 1]![0] : text.length + 1;
      add(source >= 0 ? buckets[source]! : '(unmapped)', Buffer.byteLength(text.slice(col, end)));
    });
  });
  return bytes;
}

function cli(argv: string[]) {
  const byFile = argv.includes('--files');
  const [dir, ...files] = argv.filter((a) => a !== '--files');
  if (!dir) {
    console.error('Usage: node --import tsx tests/bench/chunk-composition.ts BUILD_DIR [assets/file.js ...]');
    process.exit(2);
  }
  const list = files.length ? files : readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const total = new Map<string, { min: number; gz: number }>();
  let gzAll = 0;
  for (const rel of list) {
    const file = path.join(dir, rel);
    const gz = gzipSync(readFileSync(file), { level: 9 }).length;
    gzAll += gz;
    const parts = composition(file, process.cwd(), byFile ? 'file' : 'bucket');
    const min = [...parts.values()].reduce((a, b) => a + b, 0);
    for (const [k, v] of parts) {
      const t = total.get(k) ?? { min: 0, gz: 0 };
      t.min += v;
      t.gz += (gz * v) / min;
      total.set(k, t);
    }
  }
  const kib = (n: number) => (n / 1024).toFixed(1).padStart(7);
  console.info(`${list.length} files, ${kib(gzAll).trim()} KiB gzip; by origin (minified KiB, estimated gzip KiB):`);
  for (const [k, v] of [...total].sort((a, b) => b[1].gz - a[1].gz).slice(0, byFile ? 80 : 40)) console.info(`${kib(v.min)} ${kib(v.gz)}  ${k}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) cli(process.argv.slice(2));
