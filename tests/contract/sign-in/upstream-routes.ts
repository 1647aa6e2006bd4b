// By hand, with the upstream source at hand (the fetch tool's github:alerta/alerta): writes upstream-routes.json, the
// `@auth.route` decorators of alerta/auth/*.py at a tag, which tests/unit/contract.test.ts reads as facts kept here.
//   node --import tsx tests/contract/sign-in/upstream-routes.ts GIT_DIR [TAG]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [gitDir, tag = 'v9.1.0'] = process.argv.slice(2);
if (!gitDir) {
  console.error('Usage: node --import tsx tests/contract/sign-in/upstream-routes.ts GIT_DIR [TAG]');
  process.exit(2);
}
const git = (...args: string[]) => execFileSync('git', ['-C', gitDir, ...args], { encoding: 'utf8' });
const files = git('ls-tree', '--name-only', tag, 'alerta/auth/').split('\n').filter((f) => f.endsWith('.py'));
const routes: { file: string; route: string; methods: string[] }[] = [];
for (const file of files) {
  for (const m of git('show', `${tag}:${file}`).matchAll(/@auth\.route\('([^']+)',\s*methods=\[([^\]]*)\]/g)) {
    routes.push({ file, route: m[1]!, methods: [...m[2]!.matchAll(/'([A-Z]+)'/g)].map((x) => x[1]!) });
  }
}
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upstream-routes.json');
writeFileSync(out, `${JSON.stringify({ source: `alerta/alerta ${tag}, alerta/auth/*.py`, commit: git('rev-parse', `${tag}^{commit}`).trim(), routes }, null, 2)}\n`);
console.log(`${routes.length} routes written to ${out}`);
