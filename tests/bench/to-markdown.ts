// Prints the budget table and the table of all figures of a bench JSON file as Markdown, for the README's
// performance section; for a soak's JSON (--soak), its samples every 10 minutes, figures and budgets.
// Usage: node --import tsx tests/bench/to-markdown.ts bench-results.json|soak-results.json [--every MINUTES]
import { readFileSync } from 'node:fs';
import { budgetMarkdown, resultsMarkdown, type BenchDocument } from './results.ts';
import { soakMarkdown, type SoakDocument } from './soak.ts';

const file = process.argv[2] ?? 'bench-results.json';
let doc: BenchDocument;
try {
  doc = JSON.parse(readFileSync(file, 'utf8')) as BenchDocument;
} catch (e) {
  console.error(`${file}: ${(e as Error).message}`);
  process.exit(1);
}
const m = doc.machine;
const load = m.loadAverage ? `, load average ${m.loadAverage.start} → ${m.loadAverage.end}` : '';
console.info(`${doc.generatedAt.slice(0, 16).replace('T', ' ')} UTC, ${m.cpus} CPUs (${m.cpuModel}), Chromium ${m.chromium}, Node ${m.node}${load}\n`);
if ('samples' in doc) {
  const every = process.argv.indexOf('--every');
  console.info(soakMarkdown(doc as unknown as SoakDocument, every > 0 ? Number(process.argv[every + 1]) : 10));
  process.exit(0);
}
console.info(budgetMarkdown(doc));
console.info('');
console.info(resultsMarkdown(doc));
