// @vitest-environment happy-dom
// The icons in two parts: the first screen's (Icon.tsx), which ship with the shell, and the later parts' (LATER_ICONS),
// which load with the first chunk that draws one. The first screen asks for its icons by name, and the type of a
// name allows only its own; these tests check that every icon draws a path, that a menu's later icon resolves, and
// that nothing the first screen loads brings the later icons with it.
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, type IconName } from '../../../src/app/components/Icon.tsx';
import { IconButton } from '../../../src/app/components/Button.tsx';
import { LATER_ICONS, resolveIcon, type LaterIconName } from '../../../src/app/components/later-icons.ts';
import { FIRST_SCREEN_MESSAGES, staticClosure } from '../../../scripts/first-screen-messages.ts';

const drawnPath = (container: HTMLElement) => container.querySelector('svg path')?.getAttribute('d') ?? '';
const laterNames = Object.keys(LATER_ICONS) as LaterIconName[];

describe('icons', () => {
  it('draws a first-screen icon by its name', () => {
    const { container } = render(<Icon name="menu" />);
    expect(drawnPath(container)).toMatch(/^M3 18h18/);
  });

  it('draws every later icon from its own path, in an icon and in a button', () => {
    for (const name of laterNames) {
      const { container, unmount } = render(
        <>
          <Icon name={LATER_ICONS[name]} />
          <IconButton icon={LATER_ICONS[name]} label={name} />
        </>,
      );
      const paths = [...container.querySelectorAll('svg path')].map((p) => p.getAttribute('d'));
      expect(paths, name).toEqual([LATER_ICONS[name].path, LATER_ICONS[name].path]);
      expect(LATER_ICONS[name].path, name).toMatch(/^M[\d.]/);
      unmount();
    }
  });

  it('has no later icon that the first screen carries too (its path would ship twice, and a menu would draw one of them)', () => {
    for (const name of laterNames) {
      // a later name cast to a first-screen name finds nothing there
      const { container, unmount } = render(<Icon name={name as unknown as IconName} />);
      expect(drawnPath(container), name).toBe('');
      unmount();
    }
  });

  it('resolves a menu entry’s icon: a later icon by its name, a first-screen icon as it is', () => {
    expect(resolveIcon('groupBy')).toBe(LATER_ICONS.groupBy);
    expect(resolveIcon('help')).toBe('help');
    // names that exist on every object are not icons
    expect(resolveIcon('toString' as IconName)).toBe('toString');
  });

  it('leaves the later icons out of everything the first screen loads', () => {
    const closure = staticClosure(FIRST_SCREEN_MESSAGES.entries);
    expect(closure.has(path.resolve('src/app/components/Icon.tsx'))).toBe(true);
    expect(closure.has(path.resolve('src/app/components/later-icons.ts'))).toBe(false);
  });
});
