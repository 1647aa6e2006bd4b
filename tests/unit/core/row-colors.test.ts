import { describe, expect, it } from 'vitest';
import { mixColors, readableOn, rowColors, ROW_STYLES, ROW_TEXT_CONTRAST } from '../../../src/core/row-colors.ts';
import { contrastRatio, DEFAULT_SEVERITY_COLORS } from '../../../src/core/severity.ts';
import type { SeverityConfig } from '../../../src/core/severity.ts';

// The colour sets a console meets: a real Alerta 9.1.0 server's defaults (saturated named colours, black text) and
// the older hex Material set with white text (the old console's sample config).
const REAL_SERVER: SeverityConfig = { colors: { severity: { ...DEFAULT_SEVERITY_COLORS }, text: 'black' } } as SeverityConfig;
const MATERIAL: SeverityConfig = {
  colors: {
    severity: {
      critical: '#D32F2F',
      major: '#E64A19',
      minor: '#FFA000',
      warning: '#FFD740',
      indeterminate: '#9E9E9E',
      cleared: '#388E3C',
      normal: '#388E3C',
      ok: '#388E3C',
      informational: '#1976D2',
      debug: '#616161',
      trace: '#757575',
      security: '#BA68C8',
      unknown: '#9E9E9E',
    },
    text: 'white',
  },
} as SeverityConfig;

const MODES = [false, true];
const ratio = (a: string, b: string) => contrastRatio(a, b) ?? 0;

describe.each([
  ['a real Alerta server', REAL_SERVER],
  ['the Material hex colours', MATERIAL],
])('row colours with %s', (_name, config) => {
  const severities = Object.keys(config.colors!.severity!);
  for (const style of ROW_STYLES) {
    for (const dark of MODES) {
      it(`${style} rows in ${dark ? 'dark' : 'light'} mode keep every text at 4.5:1, hovered or not`, () => {
        const failing = severities.flatMap((severity) => {
          const c = rowColors(severity, config, { style, dark });
          const plain = ratio(c.text, c.background);
          const hovered = ratio(c.text, c.hoverBackground);
          return plain >= ROW_TEXT_CONTRAST && hovered >= ROW_TEXT_CONTRAST ? [] : [`${severity}: ${plain.toFixed(2)} / ${hovered.toFixed(2)}`];
        });
        expect(failing).toEqual([]);
      });
    }
  }

  it('filled rows are the configured colour itself (the old console’s look), in both modes', () => {
    for (const severity of severities) {
      const light = rowColors(severity, config, { style: 'filled', dark: false });
      const dark = rowColors(severity, config, { style: 'filled', dark: true });
      expect(ratio(light.background, config.colors!.severity![severity]!)).toBeCloseTo(1, 5);
      expect(dark.background).toBe(light.background);
      expect(light.stripe).toBeNull();
    }
  });

  it('quiet rows carry the severity colour as a stripe on a tint: light in light mode, dark in dark mode', () => {
    for (const severity of severities) {
      const light = rowColors(severity, config, { style: 'quiet', dark: false });
      const dark = rowColors(severity, config, { style: 'quiet', dark: true });
      expect(light.stripe).toBe(config.colors!.severity![severity]);
      expect(ratio(light.background, '#ffffff')).toBeLessThan(1.6);
      expect(ratio(dark.background, '#000000')).toBeLessThan(3.5);
    }
  });
});

describe('row text on the real server’s colours', () => {
  it('keeps the configured black text where it reads and turns white on blue (security)', () => {
    expect(rowColors('critical', REAL_SERVER, { style: 'filled', dark: false }).text).toBe('black');
    expect(rowColors('major', REAL_SERVER, { style: 'filled', dark: false }).text).toBe('black');
    expect(rowColors('security', REAL_SERVER, { style: 'filled', dark: false }).text).toBe('#ffffff');
  });

  it('hovering moves the background away from the text: lighter under black text, darker under white', () => {
    const red = rowColors('critical', REAL_SERVER, { style: 'filled', dark: false });
    expect(ratio(red.text, red.hoverBackground)).toBeGreaterThan(ratio(red.text, red.background));
    const blue = rowColors('security', REAL_SERVER, { style: 'filled', dark: false });
    expect(ratio(blue.text, blue.hoverBackground)).toBeGreaterThan(ratio(blue.text, blue.background));
  });

  it('a severity without a colour gets a plain row in the page’s colours, no stripe', () => {
    const light = rowColors('my-custom', REAL_SERVER, { style: 'filled', dark: false });
    expect(light).toMatchObject({ background: '#ffffff', stripe: null });
    const dark = rowColors('my-custom', REAL_SERVER, { style: 'quiet', dark: true });
    expect(ratio(dark.text, dark.background)).toBeGreaterThanOrEqual(ROW_TEXT_CONTRAST);
  });

  it('a colour it cannot parse is used as configured in the filled style', () => {
    const config = { colors: { severity: { critical: 'rgb(200, 0, 0)' }, text: 'white' } } as SeverityConfig;
    expect(rowColors('critical', config, { style: 'filled', dark: false })).toMatchObject({ background: 'rgb(200, 0, 0)', text: 'white' });
    expect(rowColors('critical', config, { style: 'quiet', dark: false }).stripe).toBe('rgb(200, 0, 0)');
  });
});

describe('colour helpers', () => {
  it('mixes two colours in sRGB', () => {
    expect(mixColors('red', 'white', 0.5)).toBe('#ff8080');
    expect(mixColors('#000', '#fff', 0)).toBe('#ffffff');
    expect(mixColors('nope', '#fff', 0.5)).toBeNull();
  });

  it('keeps a preferred text colour that reaches 4.5:1, else picks black or white', () => {
    expect(readableOn('#ffffff', '#111827')).toBe('#111827');
    expect(readableOn('#0000ff', 'black')).toBe('#ffffff');
    expect(readableOn('#ffff00', 'white')).toBe('#000000');
  });
});
