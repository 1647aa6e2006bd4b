import { describe, expect, it } from 'vitest';
import { bootGroup, chunkOf } from '../../../scripts/boot-first.ts';

const chunk = (fileName: string, facadeModuleId: string | null, moduleIds: string[] = facadeModuleId ? [facadeModuleId] : []) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: false,
  facadeModuleId,
  moduleIds,
  imports: [],
});

describe("the page's first script, named in index.html", () => {
  it('is the chunk its code-splitting group made, found by the modules it holds', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', '/app/index.html', ['/app/src/app/main.tsx']),
      'assets/boot.js': chunk('assets/boot.js', null, ['/app/node_modules/comlink/dist/esm/comlink.mjs', '/app/src/app/boot.ts']),
      'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
    };
    expect(chunkOf(bundle, 'src/app/boot.ts')).toBe('assets/boot.js');
  });

  it('fails the build when no chunk holds it (a renamed file must not silently drop the early start)', () => {
    expect(() => chunkOf({ 'assets/index.js': chunk('assets/index.js', '/app/index.html') }, 'src/app/boot.ts')).toThrow(/no chunk for/);
  });

  it('has a group of its own, above the shell’s, that takes what it imports with it, on any platform’s paths', () => {
    const group = bootGroup('src/app/boot.ts');
    expect(group).toMatchObject({ name: 'boot', includeDependenciesRecursively: true });
    expect(group.priority).toBeGreaterThan(0);
    expect(group.test.test('/work/app/src/app/boot.ts')).toBe(true);
    expect(group.test.test('C:\\work\\app\\src\\app\\boot.ts')).toBe(true);
    expect(group.test.test('/work/app/src/app/reboot.ts')).toBe(false);
    expect(group.test.test('/work/app/src/app/boot.tsx')).toBe(false);
    expect(group.test.test('/work/app/src/app/bootXts')).toBe(false);
  });
});
