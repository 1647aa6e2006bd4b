// GET /config sends the real server's alarm model: severity codes and colours exactly as in the captures, also
// when the demo is started through npm (which puts COLOR=0 in the environment) or from a terminal that exports
// COLUMNS (its width).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { loadSettings } from '../../../server/settings.ts';
import { client, type Json } from './helpers.ts';

const CAPTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contract/alerta-api/GET_config__auth.json');
const real = (JSON.parse(readFileSync(CAPTURE, 'utf8')) as { response: Json }).response;

describe('GET /config colours and severities', () => {
  let s: RunningServer;
  let cfg: Json;
  beforeAll(async () => {
    // what `npm start` hands the server: npm sets COLOR, a terminal may export COLUMNS
    const settings = loadSettings({ env: { COLOR: '0', COLUMNS: '120', AUTH_REQUIRED: 'true' } });
    s = await startServer({ settings });
    cfg = (await client(s.apiUrl).get('/config')).body;
  });
  afterAll(() => s.close());

  it('has the colours of the real server in colors and alarm_model.colors', () => {
    expect(cfg.colors).toEqual(real.colors);
    expect(cfg.alarm_model.colors).toEqual(real.alarm_model.colors);
    expect(cfg.colors.status).toEqual({ ack: 'skyblue', shelved: 'skyblue' });
  });

  it('has the severity codes of the real server', () => {
    expect(cfg.severity).toEqual(real.severity);
    expect(cfg.alarm_model.severity).toEqual(real.alarm_model.severity);
  });

  it('keeps the default columns when a terminal exports its width as COLUMNS', () => {
    expect(cfg.columns).toEqual(real.columns);
  });
});

describe('COLOR_MAP setting', () => {
  it('is still read from COLOR_MAP (JSON) and refused when it is not a map of colours', () => {
    const custom = { severity: { critical: 'purple' }, status: { ack: 'grey' }, text: 'white' };
    expect(loadSettings({ env: { COLOR_MAP: JSON.stringify(custom) } }).COLOR_MAP).toEqual(custom);
    expect(() => loadSettings({ env: { COLOR_MAP: '0' } })).toThrow(/COLOR_MAP/);
    expect(() => loadSettings({ env: { COLOR_MAP: '{"severity": "red"}' } })).toThrow(/COLOR_MAP/);
  });
});
