import { describe, expect, it } from 'vitest';
import {
  ALERTS_RAIL_BELOW,
  drawerEntries,
  drawerMode,
  drawerVisible,
  guard,
  HELP_URL,
  isExternalUrl,
  matchRoute,
  normalisePath,
  ROUTES,
  safeRedirect,
  stripBasePath,
  type DrawerContext,
} from '../../../src/core/routes.ts';
import { addressKey } from '../../../src/core/start-sources.ts';

describe('route table', () => {
  it('requires auth for every screen and none for the auth pages and help', () => {
    const byName = Object.fromEntries(ROUTES.map((r) => [r.name, r]));
    for (const n of ['alerts', 'alert', 'heartbeats', 'blackouts', 'keys', 'reports', 'profile', 'settings', 'about', 'users', 'groups', 'customers', 'perms'])
      expect(byName[n]?.requiresAuth).toBe(true);
    for (const n of ['login', 'signup', 'confirm', 'forgot', 'reset', 'logout', 'help']) expect(byName[n]?.public).toBe(true);
    for (const n of ['users', 'groups', 'customers', 'perms']) expect(byName[n]?.admin).toBe(true);
  });

  it('matches parameters and decodes them', () => {
    expect(matchRoute('/alert/91f0e37d-6fc4')).toMatchObject({ route: { name: 'alert' }, params: { id: '91f0e37d-6fc4' } });
    expect(matchRoute('/reset/abc%2Fdef')?.params.token).toBe('abc/def');
    expect(matchRoute('/alert')).toBeNull();
    expect(matchRoute('/alert/a/b')).toBeNull();
  });
});

describe('normalisePath', () => {
  it('rewrites old hash links /#/x to /x', () => {
    expect(normalisePath('/#/alerts?q=resource:web01')).toBe('/alerts?q=resource:web01');
    expect(normalisePath('/#/alert/abc')).toBe('/alert/abc');
  });

  it('sends / and unknown paths to /alerts', () => {
    expect(normalisePath('/')).toBe('/alerts');
    expect(normalisePath('')).toBe('/alerts');
    expect(normalisePath('/nope?x=1')).toBe('/alerts');
    expect(normalisePath('/alerts/extra')).toBe('/alerts');
  });

  it('keeps known paths with their query and hash, minus a trailing slash', () => {
    expect(normalisePath('/alerts?kiosk=1#status:open')).toBe('/alerts?kiosk=1#status:open');
    expect(normalisePath('/alert/91f0e37d')).toBe('/alert/91f0e37d');
    expect(normalisePath('/heartbeats/')).toBe('/heartbeats');
  });

  it('strips the router base path', () => {
    expect(stripBasePath('/console/alerts?q=1', '/console/')).toBe('/alerts?q=1');
    expect(stripBasePath('/console', '/console')).toBe('/');
    expect(stripBasePath('/consoleX/alerts', '/console')).toBe('/consoleX/alerts');
    expect(stripBasePath('/alerts', '/')).toBe('/alerts');
  });
});

describe('external links', () => {
  it('recognises URLs with a scheme and protocol-relative URLs', () => {
    expect(isExternalUrl('https://docs.alerta.io')).toBe(true);
    expect(isExternalUrl('mailto:ops@example.com')).toBe(true);
    expect(isExternalUrl('//evil.example')).toBe(true);
    expect(isExternalUrl('/alerts')).toBe(false);
    expect(isExternalUrl('alerts')).toBe(false);
  });
});

describe('guard', () => {
  const anon = { authRequired: true, allowReadonly: false, authenticated: false };
  it('sends an anonymous user to login with the wanted path', () => {
    expect(guard('/alerts?q=severity:critical', anon)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=' + encodeURIComponent('/alerts?q=severity:critical'),
    });
    expect(guard('/users', anon)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fusers' });
  });

  it('lets anyone in when auth is off or read-only access is on', () => {
    expect(guard('/alerts', { ...anon, authRequired: false })).toEqual({ kind: 'ok' });
    expect(guard('/alerts', { ...anon, allowReadonly: true })).toEqual({ kind: 'ok' });
  });

  it('lets a logged-in user in', () => {
    expect(guard('/alert/abc', { ...anon, authenticated: true })).toEqual({ kind: 'ok' });
  });

  it('never guards the public pages', () => {
    for (const p of ['/login', '/signup', '/forgot', '/logout', '/confirm/tok', '/reset/tok']) expect(guard(p, anon)).toEqual({ kind: 'ok' });
  });

  it('redirects non-canonical paths, checking auth on where they lead', () => {
    expect(guard('/', { ...anon, authenticated: true })).toEqual({ kind: 'redirect', to: '/alerts' });
    expect(guard('/#/heartbeats', { ...anon, authenticated: true })).toEqual({ kind: 'redirect', to: '/heartbeats' });
    expect(guard('/#/heartbeats', anon)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fheartbeats' });
  });

  it('opens help outside the console', () => {
    expect(guard('/help', anon)).toEqual({ kind: 'external', url: HELP_URL });
  });
});

describe('redirect after login', () => {
  it('accepts only paths inside the console', () => {
    expect(safeRedirect('/alerts?q=x')).toBe('/alerts?q=x');
    expect(safeRedirect('/alert/abc')).toBe('/alert/abc');
    expect(safeRedirect('https://evil.example')).toBe('/alerts');
    expect(safeRedirect('//evil.example')).toBe('/alerts');
    expect(safeRedirect('/\\evil.example')).toBe('/alerts');
    expect(safeRedirect('javascript:alert(1)')).toBe('/alerts');
    expect(safeRedirect(null)).toBe('/alerts');
  });
  it('does not loop back to the auth pages', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/alerts');
    expect(safeRedirect('/logout')).toBe('/alerts');
  });
});

describe('navigation drawer', () => {
  const admin: DrawerContext = {
    authRequired: true,
    allowReadonly: false,
    authenticated: true,
    provider: 'basic',
    customerViews: true,
    scopes: ['admin', 'read', 'write'],
    savedQueryCount: 2,
  };
  const names = (ctx: DrawerContext) =>
    drawerEntries(ctx).map((e) => (e.kind === 'link' ? e.name : e.kind));

  it('shows every entry in the old console\'s order to an admin', () => {
    expect(names(admin)).toEqual([
      'alerts', 'searches', 'heartbeats', 'users', 'groups', 'customers', 'blackouts', 'perms', 'keys', 'reports',
      'divider', 'profile', 'settings', 'help', 'about',
    ]);
  });

  it('is hidden for an anonymous user when auth is required without read-only access', () => {
    const ctx = { ...admin, authenticated: false, scopes: [] };
    expect(drawerVisible(ctx)).toBe(false);
    expect(drawerEntries(ctx)).toEqual([]);
  });

  it('hides entries whose scope the user lacks', () => {
    const ctx = { ...admin, scopes: ['read:alerts'] };
    expect(names(ctx)).toEqual(['alerts', 'searches', 'reports', 'divider', 'profile', 'settings', 'help']);
  });

  it('shows Users only with admin:users, even to a user who can read everything', () => {
    expect(names({ ...admin, scopes: ['read', 'write'] })).not.toContain('users');
  });

  it('shows Groups only with the basic provider', () => {
    expect(names({ ...admin, provider: 'ldap' })).not.toContain('groups');
  });

  it('shows Customers only with customer views', () => {
    expect(names({ ...admin, customerViews: false })).not.toContain('customers');
  });

  it('shows Searches only when there are saved searches', () => {
    expect(names({ ...admin, savedQueryCount: 0 })).not.toContain('searches');
  });

  it('gives a read-only anonymous user read entries but no keys, profile or settings', () => {
    const ctx = { ...admin, authenticated: false, allowReadonly: true, scopes: [] };
    expect(names(ctx)).toEqual(['alerts', 'searches', 'heartbeats', 'groups', 'customers', 'blackouts', 'perms', 'reports', 'divider', 'help', 'about']);
  });

  it('shows keys but not profile or settings when auth is off and nobody is logged in', () => {
    const ctx = { ...admin, authRequired: false, authenticated: false, scopes: [] };
    const n = names(ctx);
    expect(n).toContain('keys');
    expect(n).toContain('users');
    expect(n).not.toContain('profile');
    expect(n).not.toContain('settings');
  });

  it('links Help to the external documentation', () => {
    const help = drawerEntries(admin).find((e) => e.kind === 'link' && e.name === 'help');
    expect(help).toMatchObject({ path: HELP_URL, external: true });
  });
});

describe('the navigation drawer’s mode', () => {
  const base = { wide: true, width: 1400, onAlerts: true, pinned: true, alertsChoice: null };

  it('is a modal below the wide-screen width, whatever was chosen', () => {
    expect(drawerMode({ ...base, wide: false, alertsChoice: 'full' })).toBe('modal');
  });

  it('leaves the alerts table the room: a rail below the threshold, the full drawer from it', () => {
    expect(drawerMode({ ...base, width: 1280 })).toBe('rail');
    expect(drawerMode({ ...base, width: 1400 })).toBe('rail');
    expect(drawerMode({ ...base, width: ALERTS_RAIL_BELOW })).toBe('full');
    expect(drawerMode({ ...base, width: 1920 })).toBe('full');
  });

  it('follows the choice the user made on the alerts screen, at any width', () => {
    expect(drawerMode({ ...base, width: 1280, alertsChoice: 'full' })).toBe('full');
    expect(drawerMode({ ...base, width: 2560, alertsChoice: 'rail' })).toBe('rail');
  });

  it('keeps the other screens as they were: the full drawer, or none when the user closed it', () => {
    expect(drawerMode({ ...base, onAlerts: false, width: 1280 })).toBe('full');
    expect(drawerMode({ ...base, onAlerts: false, pinned: false })).toBe('hidden');
    expect(drawerMode({ ...base, pinned: false, width: 1920 })).toBe('rail');
  });
});

describe('the key of a browser address', () => {
  it('tells apart every path, search and hash (each may be another list), and is the address as the browser shows it', () => {
    expect(addressKey({ pathname: '/alerts', search: '?q=db', hash: '#status:open' })).toBe('/alerts?q=db#status:open');
    const keys = [
      { pathname: '/alerts', search: '', hash: '' },
      { pathname: '/alerts', search: '?q=db', hash: '' },
      { pathname: '/alerts', search: '', hash: '#q=db' },
      { pathname: '/console/alerts', search: '', hash: '' },
      { pathname: '/', search: '', hash: '' },
    ].map(addressKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
