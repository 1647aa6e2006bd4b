import { describe, expect, it } from 'vitest';
import {
  chipColors,
  compareSeverity,
  statusRank,
  contrastRatio,
  DEFAULT_SEVERITY_COLORS,
  normaliseStatus,
  rowTextColor,
  severityCode,
  severityColor,
  severityNames,
  STATUS_ORDER,
  trendOf,
} from '../../../src/core/severity.ts';

describe('severity codes', () => {
  it('uses the Alerta default order when the config has none (lower code = more severe)', () => {
    expect(severityCode('security')).toBe(0);
    expect(severityCode('critical')).toBe(1);
    expect(severityCode('major')).toBe(2);
    expect(severityCode('normal')).toBe(7);
    expect(severityCode('ok')).toBe(7);
    expect(severityCode('cleared')).toBe(7);
    expect(severityCode('unknown')).toBe(10);
  });

  it('prefers config severity, then alarm_model.severity', () => {
    expect(severityCode('critical', { severity: { critical: 5, low: 1 } })).toBe(5);
    expect(severityCode('critical', { severity: {}, alarm_model: { severity: { critical: 3 } } })).toBe(3);
  });

  it('puts a severity the alarm model does not know after every known one', () => {
    expect(severityCode('bogus')).toBe(11);
    expect(severityCode('critical', { severity: { High: 1, Low: 2 } })).toBe(3);
    expect(severityCode(null)).toBe(11);
  });

  it('sorts most severe first, and by name within one code', () => {
    const list = ['minor', 'bogus', 'ok', 'critical', 'normal', 'security'];
    expect([...list].sort((a, b) => compareSeverity(a, b))).toEqual(['security', 'critical', 'minor', 'normal', 'ok', 'bogus']);
  });

  it('follows a custom alarm model when sorting', () => {
    const config = { severity: { Low: 3, High: 1, Medium: 2 } };
    expect(['Low', 'High', 'Medium'].sort((a, b) => compareSeverity(a, b, config))).toEqual(['High', 'Medium', 'Low']);
    expect(severityNames(config)).toEqual(['High', 'Medium', 'Low']);
  });
});

describe('row colours', () => {
  it('uses the configured colour, else the server default, else white', () => {
    expect(severityColor('critical', { colors: { severity: { critical: '#D32F2F' } } })).toBe('#D32F2F');
    expect(severityColor('critical')).toBe(DEFAULT_SEVERITY_COLORS.critical);
    expect(severityColor('critical')).toBe('red');
    expect(severityColor('bogus')).toBe('white');
    expect(severityColor('major', { colors: { severity: { critical: '#D32F2F' } } })).toBe('white');
  });

  it('writes text in the configured colour, but white on black rows', () => {
    expect(rowTextColor('critical', { colors: { text: 'white' } })).toBe('white');
    expect(rowTextColor('critical')).toBe('black');
    expect(rowTextColor('debug', { colors: { severity: { debug: 'black' }, text: 'black' } })).toBe('white');
    expect(rowTextColor('debug', { colors: { severity: { debug: '#000000' }, text: 'black' } })).toBe('white');
  });
});

describe('trend arrows', () => {
  it('keeps the server trend when it is one of the three known values', () => {
    expect(trendOf({ severity: 'minor', previousSeverity: 'critical', trendIndication: 'moreSevere' })).toBe('moreSevere');
    expect(trendOf({ severity: 'critical', previousSeverity: 'minor', trendIndication: 'noChange' })).toBe('noChange');
  });

  it('derives the trend from severity codes when the server gave something else', () => {
    expect(trendOf({ severity: 'critical', previousSeverity: 'minor', trendIndication: '' })).toBe('moreSevere');
    expect(trendOf({ severity: 'minor', previousSeverity: 'critical', trendIndication: 'weird' })).toBe('lessSevere');
    expect(trendOf({ severity: 'minor', previousSeverity: 'minor', trendIndication: '' })).toBe('noChange');
    expect(trendOf({ severity: 'minor', previousSeverity: '', trendIndication: '' })).toBe('noChange');
  });
});

describe('statuses', () => {
  it('maps ISA-18.2 codes to Alerta statuses', () => {
    expect(normaliseStatus('NORM')).toBe('open');
    expect(normaliseStatus('UNACK')).toBe('open');
    expect(normaliseStatus('RTNUN')).toBe('open');
    expect(normaliseStatus('ACKED')).toBe('ack');
    expect(normaliseStatus('SHLVD')).toBe('shelved');
  });

  it('passes other strings through unchanged, including ones the API should not have stored', () => {
    expect(normaliseStatus('closed')).toBe('closed');
    expect(normaliseStatus('bogus')).toBe('bogus');
    expect(normaliseStatus(null)).toBe('');
  });

  it('orders statuses open, assign, ack, shelved, blackout, closed, expired, unknown, then unknown strings', () => {
    expect(STATUS_ORDER).toEqual(['open', 'assign', 'ack', 'shelved', 'blackout', 'closed', 'expired', 'unknown']);
    const list = ['bogus', 'closed', 'ack', 'open', 'SHLVD', 'expired'];
    expect([...list].sort((a, b) => (statusRank(a) < statusRank(b) ? -1 : statusRank(a) > statusRank(b) ? 1 : a < b ? -1 : 1))).toEqual(['open', 'ack', 'SHLVD', 'closed', 'expired', 'bogus']);
  });

  it('honours the alarm model status letters from config', () => {
    const config = { alarm_model: { status: { closed: 'A', open: 'B' } } };
    expect(['open', 'closed'].sort((a, b) => (statusRank(a, config) < statusRank(b, config) ? -1 : 1))).toEqual(['closed', 'open']);
  });
});

describe('label chips', () => {
  it('uses the old console chip colours, grey for the rest', () => {
    expect(chipColors('critical').background).toBe('#b94a48');
    expect(chipColors('major').background).toBe('#f89406');
    expect(chipColors('minor').background).toBe('#ffd700');
    expect(chipColors('warning').background).toBe('#3a87ad');
    expect(chipColors('normal').background).toBe('#468847');
    expect(chipColors('security').background).toBe('#999999');
    expect(chipColors('bogus').background).toBe('#999999');
  });

  it('picks a text colour that meets WCAG AA (4.5:1) on every chip', () => {
    for (const sev of ['critical', 'major', 'minor', 'warning', 'informational', 'normal', 'ok', 'cleared', 'debug', 'bogus']) {
      const { background, color } = chipColors(sev);
      expect(contrastRatio(color, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(chipColors('minor').color).toBe('#000000');
    expect(chipColors('critical').color).toBe('#ffffff');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('white', 'white')).toBeCloseTo(1, 5);
    expect(contrastRatio('nonsense', 'white')).toBeNull();
  });
});

describe('severity and status labels', () => {
  it('names every severity of Alerta’s default model with a label key, and leaves a custom severity as it is', async () => {
    const { SEVERITY_LABEL_KEYS, severityLabelKey, DEFAULT_SEVERITY } = await import('../../../src/core/severity.ts');
    for (const name of Object.keys(DEFAULT_SEVERITY)) expect(SEVERITY_LABEL_KEYS[name]).toMatch(/^Severity[A-Z]/);
    expect(severityLabelKey('critical')).toBe('SeverityCritical');
    expect(severityLabelKey('P1-page-someone')).toBeNull();
    expect(severityLabelKey('toString')).toBeNull();
    expect(severityLabelKey(null)).toBeNull();
  });

  it('names statuses and their ISA-18.2 aliases; an unknown status has no key', async () => {
    const { statusLabelKey } = await import('../../../src/core/severity.ts');
    expect(statusLabelKey('open')).toBe('StatusOpen');
    expect(statusLabelKey('ACKED')).toBe('StatusAck');
    expect(statusLabelKey('bogus')).toBeNull();
    expect(statusLabelKey('constructor')).toBeNull();
  });
});

describe('trendBetween: one rule for the console and the demo server', () => {
  it('a lower code is more severe; a severity the model does not know has no trend', async () => {
    const { trendBetween } = await import('../../../src/core/severity.ts');
    const { trend } = await import('../../../server/alert-rules.ts');
    const model = { severity: { critical: 1, major: 2, normal: 7 }, normalSeverity: 'normal', previousSeverity: 'normal' };
    const cases: [string, string, string][] = [['major', 'critical', 'moreSevere'], ['critical', 'normal', 'lessSevere'], ['major', 'major', 'noChange'], ['bogus', 'critical', 'noChange'], ['major', 'bogus', 'noChange']];
    for (const [from, to, expected] of cases) {
      expect(trendBetween(from, to, { severity: model.severity })).toBe(expected);
      expect(trend(model, from, to)).toBe(expected);
    }
  });
});
