import { describe, expect, it } from 'vitest';
import { alertsToCsv, csvFilename } from '../../../src/core/csv.ts';
import type { Alert } from '../../../src/core/types.ts';

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'a1',
    href: 'http://api/alert/a1',
    resource: 'web01',
    event: 'DiskFull',
    environment: 'Production',
    severity: 'major',
    correlate: ['DiskFull', 'DiskOK'],
    status: 'open',
    service: ['Web', 'App'],
    group: 'OS',
    value: '98%',
    text: 'Disk full',
    tags: ['linux', 'dc1'],
    attributes: {},
    origin: 'nagios',
    type: 'exceptionAlert',
    createTime: '2024-01-15T09:00:00.000Z',
    timeout: 86400,
    rawData: null,
    customer: null,
    duplicateCount: 2,
    repeat: true,
    previousSeverity: 'indeterminate',
    trendIndication: 'moreSevere',
    receiveTime: '2024-01-15T09:00:01.000Z',
    lastReceiveId: 'b2',
    lastReceiveTime: '2024-01-15T09:30:00.000Z',
    updateTime: '2024-01-15T09:30:00.000Z',
    history: [],
    ...overrides,
  };
}

const FIELDS =
  'createTime,customer,duplicateCount,environment,event,group,href,id,lastReceiveId,lastReceiveTime,origin,' +
  'previousSeverity,receiveTime,repeat,resource,severity,status,text,timeout,trendIndication,type,updateTime,value';

function lines(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe('alertsToCsv header', () => {
  it('matches the old export\'s header with one attribute', () => {
    const [header] = lines(alertsToCsv([alert({ attributes: { region: 'eu' } })]));
    expect(header).toBe(
      'correlate,service,tags,attributes.region,createTime,customer,duplicateCount,environment,event,group,href,id,' +
        'lastReceiveId,lastReceiveTime,origin,previousSeverity,receiveTime,repeat,resource,severity,status,text,' +
        'timeout,trendIndication,type,updateTime,value,rawData',
    );
  });

  it('an empty list gives a header-only file with the default columns, not an error', () => {
    expect(alertsToCsv([])).toBe(`\uFEFFcorrelate,service,tags,${FIELDS},rawData\r\n`);
  });

  it('has one column per attribute name over all rows, sorted', () => {
    const [header] = lines(alertsToCsv([alert({ attributes: { zone: 'a' } }), alert({ attributes: { app: 'b', ip: 'c' } })]));
    expect(header).toMatch(/^correlate,service,tags,attributes\.app,attributes\.ip,attributes\.zone,createTime,/);
  });

  it('keeps unknown extra alert fields in alphabetical place and drops history', () => {
    const extra = { ...alert(), newField: 'x' } as Alert;
    const [header] = lines(alertsToCsv([extra]));
    expect(header).toContain(',lastReceiveTime,newField,origin,');
    expect(header).not.toContain('history');
  });

  it('neutralises and quotes hostile attribute names', () => {
    const [header] = lines(alertsToCsv([alert({ attributes: { 'a,"b"': 1 } })]));
    expect(header).toContain(',"attributes.a,""b""",');
    const [header2] = lines(alertsToCsv([alert({ attributes: {} }), { ...alert(), '=cmd': 1 } as Alert]));
    expect(header2).toContain(`,"'=cmd",`);
  });
});

describe('alertsToCsv rows', () => {
  it('writes a full row: lists joined with commas, every value quoted, rawData last', () => {
    const [, row] = lines(alertsToCsv([alert({ rawData: 'raw "x"' })]));
    expect(row).toBe(
      '"DiskFull,DiskOK","Web,App","linux,dc1","2024-01-15T09:00:00.000Z","","2","Production","DiskFull","OS",' +
        '"http://api/alert/a1","a1","b2","2024-01-15T09:30:00.000Z","nagios","indeterminate",' +
        '"2024-01-15T09:00:01.000Z","TRUE","web01","major","open","Disk full","86400","moreSevere","exceptionAlert",' +
        '"2024-01-15T09:30:00.000Z","98%","raw ""x"""',
    );
  });

  it('gives every row its own attribute values, empty where missing (old bug: shared values)', () => {
    const csv = alertsToCsv([
      alert({ id: '1', attributes: { region: 'eu', ip: '10.0.0.1' } }),
      alert({ id: '2', attributes: { region: 'us' } }),
      alert({ id: '3', attributes: {} }),
    ]);
    const [, r1, r2, r3] = lines(csv);
    expect(r1).toMatch(/^"[^"]*","[^"]*","[^"]*","10\.0\.0\.1","eu",/);
    expect(r2).toMatch(/^"[^"]*","[^"]*","[^"]*","","us",/);
    expect(r3).toMatch(/^"[^"]*","[^"]*","[^"]*","","",/);
  });

  it('writes numbers with a dot, booleans as TRUE/FALSE, null as empty, objects as JSON, lists joined', () => {
    const [, row] = lines(
      alertsToCsv([alert({ attributes: { a: 1.5, b: false, c: null, d: { x: [1, 'y'] }, e: ['p', 'q'] } })]),
    );
    expect(row).toContain('"linux,dc1","1.5","FALSE","","{""x"":[1,""y""]}","p,q",');
  });

  it('keeps newlines and quotes inside a quoted cell', () => {
    const [header] = lines(alertsToCsv([]));
    const csv = alertsToCsv([alert({ text: 'line1\r\nline2 "q"' })]);
    expect(csv).toContain('"line1\r\nline2 ""q"""');
    expect(csv.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
  });

  it('survives alerts with missing or odd fields', () => {
    const partial = { id: 'x', attributes: null, tags: null } as unknown as Alert;
    const [, row = ''] = lines(alertsToCsv([partial]));
    expect(row.split('","')).toHaveLength(3 + 23 + 1);
    expect(row).toContain('"x"');
  });
});

describe('formula injection', () => {
  it.each(['=1+1', '+1', '-2+3+cmd|" /C calc"!A0', '@SUM(A1)', '\tx', '\rx', '＝1+1', '-5'])(
    'text %j gets a leading quote',
    (text) => {
      const [, row] = lines(alertsToCsv([alert({ text })]));
      expect(row).toContain(`"'${text.replace(/"/g, '""')}"`);
    },
  );

  it('applies to list and attribute cells too', () => {
    const [, row] = lines(alertsToCsv([alert({ tags: ['=HYPERLINK("x")', 'b'], attributes: { n: '@x' } })]));
    expect(row).toContain(`"'=HYPERLINK(""x""),b"`);
    expect(row).toContain(`"'@x"`);
  });

  it('leaves numbers from the API alone, negative ones included', () => {
    const [, row] = lines(alertsToCsv([alert({ attributes: { delta: -5 }, duplicateCount: 0 })]));
    expect(row).toContain('"-5"');
    expect(row).not.toContain("'-5");
  });

  it('leaves ordinary text alone', () => {
    const [, row] = lines(alertsToCsv([alert({ text: 'a=b, c-d @e' })]));
    expect(row).toContain('"a=b, c-d @e"');
  });
});

describe('csvFilename', () => {
  it.each([
    [null, 'Alerts_ALL.csv'],
    ['', 'Alerts_ALL.csv'],
    ['  ', 'Alerts_ALL.csv'],
    ['Production', 'Alerts_Production.csv'],
    ['Pre Prod', 'Alerts_Pre_Prod.csv'],
    ['a/b\\c:d*e?f"g<h>i|j', 'Alerts_a_b_c_d_e_f_g_h_i_j.csv'],
    ['tab\tnew\nline', 'Alerts_tab_new_line.csv'],
    ['Größe', 'Alerts_Größe.csv'],
  ])('%j -> %s', (env, name) => {
    expect(csvFilename(env)).toBe(name);
  });

  it('caps very long names', () => {
    expect(csvFilename('x'.repeat(500))).toBe(`Alerts_${'x'.repeat(100)}.csv`);
  });
});
