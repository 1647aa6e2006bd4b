import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bootstrapEndpoint,
  CLIENT_DEFAULTS,
  DEFAULT_COLUMNS,
  mergeConfig,
  resolveEndpoint,
  validateConfig,
  validateConfigWithIssues,
} from '../../../src/core/config.ts';
import { buildTimeConfig, configSourcesAt } from '../../../src/core/start-sources.ts';
import type { Config } from '../../../src/core/types.ts';

const serverConfig = JSON.parse(
  readFileSync(new URL('../../contract/alerta-api/GET_config__auth.json', import.meta.url), 'utf8'),
).response as Partial<Config>;

describe('client defaults', () => {
  it('match the old client defaults where those were set', () => {
    expect(CLIENT_DEFAULTS.auth_required).toBe(true);
    expect(CLIENT_DEFAULTS.allow_readonly).toBe(false);
    expect(CLIENT_DEFAULTS.readonly_scopes).toEqual(['read']);
    expect(CLIENT_DEFAULTS.provider).toBe('basic');
    expect(CLIENT_DEFAULTS.signup_enabled).toBe(true);
    expect(CLIENT_DEFAULTS.customer_views).toBe(false);
    expect(CLIENT_DEFAULTS.email_verification).toBe(false);
    expect(CLIENT_DEFAULTS.refresh_interval).toBe(5000);
    expect(CLIENT_DEFAULTS.sort_by).toEqual(['severity', 'lastReceiveTime']);
    expect(CLIENT_DEFAULTS.dates).toEqual({
      longDate: 'ddd D MMM, YYYY HH:mm:ss.SSS Z',
      mediumDate: 'ddd D MMM HH:mm',
      shortTime: 'HH:mm',
    });
    expect(CLIENT_DEFAULTS.font).toEqual({ 'font-family': '"Sintony", Arial, sans-serif', 'font-size': '13px', 'font-weight': 500 });
    expect(CLIENT_DEFAULTS.endpoint).toBe('http://localhost:8080');
  });

  it('can render a list offline: severity order, colours, columns and the open/ack filter are present', () => {
    expect(CLIENT_DEFAULTS.severity.critical).toBe(1);
    expect(CLIENT_DEFAULTS.colors.severity?.critical).toBe('red');
    expect(CLIENT_DEFAULTS.columns).toEqual(DEFAULT_COLUMNS);
    expect(CLIENT_DEFAULTS.filter.status).toEqual(['open', 'ack']);
    expect(CLIENT_DEFAULTS.filter.dateRange).toEqual([null, null]);
  });

  it('cannot be changed by accident', () => {
    expect(() => {
      (CLIENT_DEFAULTS.colors as { text?: string }).text = 'pink';
    }).toThrow();
  });
});

describe('mergeConfig', () => {
  it('lets build-time values win over config.json, and config.json over /config', () => {
    const c = mergeConfig({ endpoint: 'https://build' }, { endpoint: 'https://local', provider: 'ldap' }, serverConfig);
    expect(c.endpoint).toBe('https://build');
    expect(c.provider).toBe('ldap');
    const d = mergeConfig({}, { endpoint: 'https://local' }, serverConfig);
    expect(d.endpoint).toBe('https://local');
    expect(mergeConfig({}, {}, serverConfig).endpoint).toBe('http://127.0.0.1:8080');
  });

  it('fills what no source gives from the client defaults', () => {
    const c = mergeConfig({}, {}, { auth_required: false });
    expect(c.auth_required).toBe(false);
    expect(c.refresh_interval).toBe(5000);
    expect(c.readonly_scopes).toEqual(['read']);
  });

  it('replaces arrays instead of concatenating them', () => {
    const c = mergeConfig({}, { columns: ['id', 'resource'] }, serverConfig);
    expect(c.columns).toEqual(['id', 'resource']);
    expect(mergeConfig({}, {}, { sort_by: ['-createTime'] }).sort_by).toEqual(['-createTime']);
  });

  it('merges nested objects key by key', () => {
    const c = mergeConfig({}, { colors: { text: 'white' } }, serverConfig);
    expect(c.colors.text).toBe('white');
    expect(c.colors.severity?.critical).toBe('red');
    const f = mergeConfig({}, {}, { filter: { status: ['open'] } });
    expect(f.filter.status).toEqual(['open']);
    expect(f.filter.dateRange).toEqual([null, null]);
  });

  it("replaces the severity map whole, so a custom alarm model does not inherit Alerta's severities", () => {
    const c = mergeConfig({}, {}, { severity: { High: 1, Low: 2 } });
    expect(c.severity).toEqual({ High: 1, Low: 2 });
  });

  it('does not share objects with its inputs or the defaults', () => {
    const remote = { columns: ['id'] };
    const c = mergeConfig({}, {}, remote);
    c.columns.push('x');
    expect(remote.columns).toEqual(['id']);
    expect(CLIENT_DEFAULTS.columns).toEqual(DEFAULT_COLUMNS);
  });

  it('ignores missing sources', () => {
    expect(mergeConfig(null, undefined, null)).toEqual(CLIENT_DEFAULTS);
  });
});

describe('endpoint', () => {
  it('resolves a relative endpoint against the console address', () => {
    expect(resolveEndpoint('/api', 'https://console.example.com/alerta/alerts')).toBe('https://console.example.com/api');
    expect(resolveEndpoint('api/', 'https://console.example.com/alerta/')).toBe('https://console.example.com/alerta/api');
  });

  it('keeps absolute endpoints and strips trailing slashes', () => {
    expect(resolveEndpoint('http://localhost:8080/', 'https://x.example')).toBe('http://localhost:8080');
    expect(resolveEndpoint(' https://api.example.com/v2// ', 'https://x.example')).toBe('https://api.example.com/v2');
  });

  it('keeps the written endpoint when the base is unusable', () => {
    expect(resolveEndpoint('/api/', 'not a url')).toBe('/api');
  });

  it('looks for /config at the build or config.json endpoint, else localhost:8080', () => {
    expect(bootstrapEndpoint({ endpoint: 'https://b' }, { endpoint: 'https://l' })).toBe('https://b');
    expect(bootstrapEndpoint({}, { endpoint: 'https://l' })).toBe('https://l');
    expect(bootstrapEndpoint(undefined, null)).toBe('http://localhost:8080');
  });

  it('works out the config’s sources from the origin and the build, the same for the page and its worker', () => {
    expect(configSourcesAt('https://console.example', { BASE_URL: '/ops/', VITE_ALERTA_ENDPOINT: 'https://api.example' })).toEqual({
      configUrl: 'https://console.example/ops/config.json',
      buildConfig: { endpoint: 'https://api.example' },
    });
    expect(configSourcesAt('http://127.0.0.1:4173', {})).toEqual({ configUrl: 'http://127.0.0.1:4173/config.json', buildConfig: {} });
  });

  it('reads build-time variables', () => {
    expect(buildTimeConfig({ VITE_ALERTA_ENDPOINT: ' /api ', VITE_CLIENT_ID: '', VITE_TRACKING_ID: 'G-1' })).toEqual({
      endpoint: '/api',
      tracking_id: 'G-1',
    });
  });
});

describe('validateConfig', () => {
  it('keeps a real server config intact', () => {
    const { config, dropped } = validateConfigWithIssues(serverConfig);
    expect(dropped).toEqual([]);
    expect(config.columns).toEqual(serverConfig.columns);
    expect(config.indicators?.queries).toHaveLength(4);
    expect(config.filter).toEqual({ status: ['open', 'ack'] });
    expect(config.colors).toEqual(serverConfig.colors);
  });

  it('drops wrongly typed keys and keeps the rest', () => {
    const { config, dropped } = validateConfigWithIssues({
      endpoint: 42,
      auth_required: 'yes',
      columns: ['severity', 3],
      refresh_interval: -5,
      provider: 'basic',
      colors: { text: 'white', severity: { critical: 7 } },
      font: 'big',
      filter: { status: 'open', environment: 'Production' },
    });
    expect(config).toEqual({ provider: 'basic', colors: { text: 'white' }, filter: { environment: 'Production' } });
    expect(dropped.sort()).toEqual(
      ['auth_required', 'colors.severity', 'columns', 'endpoint', 'filter.status', 'font', 'refresh_interval'].sort(),
    );
  });

  it('returns nothing, without throwing, for a config that is not an object', () => {
    for (const raw of [null, undefined, 'oops', 42, [1, 2], true]) {
      expect(validateConfig(raw)).toEqual({});
    }
  });

  it('ignores keys it does not know and cannot be used to pollute prototypes', () => {
    const raw = JSON.parse('{"__proto__": {"polluted": true}, "someNewSetting": 1, "toString": 5, "constructor": {}, "provider": "ldap", "colors": {"hasOwnProperty": 1, "text": "red"}}') as unknown;
    const config = validateConfig(raw);
    expect(config).toEqual({ provider: 'ldap', colors: { text: 'red' } });
    const merged = mergeConfig({}, raw as Partial<Config>, {});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(merged.provider).toBe('ldap');
  });

  it('keeps only well-formed indicator queries', () => {
    const config = validateConfig({
      indicators: { queries: [{ text: 'ok', query: 'group=Misc' }, { text: 'bad', query: 5 }, 'junk'], severity: ['critical'] },
    });
    expect(config.indicators).toEqual({ queries: [{ text: 'ok', query: 'group=Misc' }], severity: ['critical'] });
  });
});
