import { describe, expect, it } from 'vitest';
import { chunksToPreload } from '../../../scripts/preload-first-screen.ts';

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, isEntry = false, moduleIds: string[] = facadeModuleId ? [facadeModuleId] : []) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId,
  isEntry,
  moduleIds,
});

describe('the first screen preloaded from index.html', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', ['assets/react.js', 'assets/icon.js'], '/app/index.html', true),
    'assets/react.js': chunk('assets/react.js', []),
    'assets/icon.js': chunk('assets/icon.js', []),
    'assets/AlertsScreen.js': chunk('assets/AlertsScreen.js', ['assets/react.js', 'assets/cells.js'], '/app/src/app/screens/alerts/AlertsScreen.tsx'),
    'assets/cells.js': chunk('assets/cells.js', ['assets/icon.js', 'assets/time.js']),
    'assets/time.js': chunk('assets/time.js', []),
    'assets/Other.js': chunk('assets/Other.js', ['assets/time.js'], '/app/src/app/screens/other/Other.tsx'),
    'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
  };

  it("names the screen's chunk and what it imports that the entry does not already load", () => {
    expect(chunksToPreload(bundle, 'src/app/screens/alerts/AlertsScreen.tsx').sort()).toEqual(['assets/AlertsScreen.js', 'assets/cells.js', 'assets/time.js']);
  });

  it('finds the screen in a chunk that a code-splitting group made (no facade module)', () => {
    const grouped = {
      'assets/index.js': chunk('assets/index.js', [], '/app/index.html', true),
      'assets/screens.js': chunk('assets/screens.js', ['assets/index.js'], null, false, ['/app/src/app/screens/alerts/Cells.tsx', '/app/src/app/screens/alerts/AlertsScreen.tsx']),
    };
    expect(chunksToPreload(grouped, 'src/app/screens/alerts/AlertsScreen.tsx')).toEqual(['assets/screens.js']);
  });

  it('fails the build when the screen is not in it (a renamed file must not silently drop the preload)', () => {
    expect(() => chunksToPreload(bundle, 'src/app/screens/alerts/Gone.tsx')).toThrow(/no chunk for/);
  });
});
