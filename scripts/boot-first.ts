// The page's first script (src/app/boot.ts) starts the data worker. Imported by the shell only, it would run once the
// whole shell (React included) had downloaded and its modules had been evaluated: on a cold start against a server on
// the same machine that was 100–160 ms after the navigation, most of it waiting for the shell. This build step puts
// its chunk in a code-splitting group of its own (with what it imports) and names that chunk in index.html as an
// `async` module script, first in the head: it runs as soon as it has loaded, while the shell still loads. The shell
// imports the same file, and a module runs once. A build without that chunk fails, so a renamed file cannot silently
// undo this.
import type { Plugin } from 'vite';
import { chunkHolding, indexHtmlTags, type BundleLike } from './index-html-chunks.ts';

/** The file of the chunk that holds the module ending in `moduleSuffix`. */
export function chunkOf(bundle: BundleLike, moduleSuffix: string): string {
  return chunkHolding(bundle, moduleSuffix, 'boot-first').fileName;
}

/** The code-splitting group that gives the first script (and what it imports) a chunk of its own. */
export function bootGroup(moduleSuffix: string) {
  const escaped = moduleSuffix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\//g, '[\\\\/]');
  // Above the groups of the shell: its imports are the shell's too, and would otherwise go to the shell's chunk.
  return { name: 'boot', test: new RegExp(`[\\\\/]${escaped}$`), priority: 1, includeDependenciesRecursively: true };
}

export function bootFirst(moduleSuffix: string): Plugin {
  return indexHtmlTags('boot-first', (bundle, base) => [
    { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: base + chunkOf(bundle, moduleSuffix) }, injectTo: 'head-prepend' },
  ]);
}
