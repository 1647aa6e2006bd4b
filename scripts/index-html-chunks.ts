// What the build steps that name chunks in index.html share (scripts/preload-first-screen.ts, scripts/boot-first.ts):
// the bundle's chunks as they see them, the chunk that holds a module, and a plugin that adds tags to the built page.
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
}

export type BundleLike = Record<string, ChunkLike | { type: 'asset'; fileName: string }>;

/**
 * The chunk that holds the module ending in `moduleSuffix`: its own, or the one a code-splitting group put it in. A
 * build without it fails (`step` names the build step), so that a renamed file cannot silently undo what it is for.
 */
export function chunkHolding(bundle: BundleLike, moduleSuffix: string, step: string): ChunkLike {
  const chunks = Object.values(bundle).filter((c): c is ChunkLike => c.type === 'chunk');
  const holds = (id: string | null) => id?.replace(/\\/g, '/').endsWith(moduleSuffix) ?? false;
  const chunk = chunks.find((c) => holds(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(holds));
  if (!chunk) throw new Error(`${step}: no chunk for ${moduleSuffix}`);
  return chunk;
}

/** A build step that adds tags to the built index.html, once the bundle is known (`base`: the console's base path). */
export function indexHtmlTags(name: string, tags: (bundle: BundleLike, base: string) => HtmlTagDescriptor[]): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return ctx.bundle ? tags(ctx.bundle as unknown as BundleLike, base) : [];
      },
    },
  };
}
