import { describe, expect, it } from 'vitest';
import { normaliseBase, requestedPath, routerBase } from '../../../src/core/routes.ts';

describe('router base path', () => {
  it('uses the config base_path, written with or without slashes', () => {
    expect(routerBase('/console/', '/')).toBe('/console');
    expect(routerBase('console', '/')).toBe('/console');
    expect(routerBase('/a/b', '/')).toBe('/a/b');
  });
  it('falls back to the build base URL, and the root is an empty base', () => {
    expect(routerBase(undefined, '/alerta/')).toBe('/alerta');
    expect(routerBase('', '/')).toBe('');
    expect(routerBase('/', '/x/')).toBe('');
    expect(normaliseBase('/')).toBe('');
  });
});

describe('requested path', () => {
  it('reads an old /#/ link as the path after it', () => {
    expect(requestedPath('/', '', '#/alert/abc')).toBe('/#/alert/abc');
  });
  it('keeps the query and the filter hash of a normal page', () => {
    expect(requestedPath('/alerts', 'q=a', '#status:open')).toBe('/alerts?q=a#status:open');
    expect(requestedPath('/settings', '', '')).toBe('/settings');
  });
});
