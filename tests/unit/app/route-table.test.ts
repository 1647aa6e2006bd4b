import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/core/routes.ts';
import { SCREENS } from '../../../src/app/shell/routes.ts';

describe('the route table', () => {
  it('has a screen for every route the console shows itself, and none for the external help page', () => {
    const shown = ROUTES.filter((r) => !r.externalUrl).map((r) => r.name);
    expect(Object.keys(SCREENS).sort()).toEqual([...shown].sort());
  });
});
