// The alert list is the screen almost every start ends on (`/` and `/alerts`, and every sign-in goes there), but
// it is a lazy chunk: without help the browser only learns of it once the shell has downloaded and run, a round
// trip plus the shell's evaluation later (on a phone that chain was most of the time to the first row).
// This build step names its chunks in index.html as `<link rel="modulepreload">`, so they download beside the shell
// from the first byte of HTML. Only the chunks the entry does not already load are added; a build whose screen
// module is missing fails, so a renamed file cannot silently undo the preload.
import type { Plugin } from 'vite';
import { chunkHolding, indexHtmlTags, type BundleLike, type ChunkLike } from './index-html-chunks.ts';

/** The chunk files a module's chunk needs (itself and its static imports), minus those the entry loads anyway. */
export function chunksToPreload(bundle: BundleLike, moduleSuffix: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is ChunkLike => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const screen = chunkHolding(bundle, moduleSuffix, 'preload-first-screen');

  const closure = (start: ChunkLike[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (c: ChunkLike) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const dep of c.imports) {
        const next = byFile.get(dep);
        if (next) visit(next);
      }
    };
    start.forEach(visit);
    return seen;
  };
  const loaded = closure(chunks.filter((c) => c.isEntry));
  return [...closure([screen])].filter((f) => !loaded.has(f));
}

export function preloadFirstScreen(moduleSuffix: string): Plugin {
  return indexHtmlTags('preload-first-screen', (bundle, base) =>
    chunksToPreload(bundle, moduleSuffix).map((file) => ({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
      injectTo: 'head' as const,
    })),
  );
}
