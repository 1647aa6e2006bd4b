import { describe, expect, it } from 'vitest';
import { columnDef, resolveColumns, shortId, splitCamel } from '../../../src/core/columns.ts';
import { DEFAULT_COLUMNS } from '../../../src/core/config.ts';

describe('column definitions', () => {
  it('use the old header keys', () => {
    const keys = Object.fromEntries(
      ['id', 'text', 'duplicateCount', 'timeoutLeft', 'previousSeverity', 'lastReceiveId', 'note', 'severity', 'lastReceiveTime'].map((n) => [
        n,
        columnDef(n)?.headerKey,
      ]),
    );
    expect(keys).toEqual({
      id: 'AlertId',
      text: 'Description',
      duplicateCount: 'Dupl',
      timeoutLeft: 'TimeoutLeft',
      previousSeverity: 'PrevSeverity',
      lastReceiveId: 'LastReceiveId',
      note: 'LastNote',
      severity: 'Severity',
      lastReceiveTime: 'LastReceiveTime',
    });
  });

  it('sort on the server only by keys the server accepts', () => {
    expect(columnDef('severity')?.sortKey).toBe('severity');
    expect(columnDef('lastReceiveTime')?.sortKey).toBe('lastReceiveTime');
    expect(columnDef('duplicateCount')?.sortKey).toBe('duplicateCount');
    for (const n of ['timeoutLeft', 'duration', 'note', 'id', 'attributes']) expect(columnDef(n)?.sortKey).toBeNull();
  });

  it('mark the time columns the server sorts newest first', () => {
    expect(columnDef('lastReceiveTime')?.newestFirst).toBe(true);
    expect(columnDef('createTime')?.newestFirst).toBe(true);
    expect(columnDef('severity')?.newestFirst).toBe(false);
  });

  it('turn an unknown name into a custom attribute column', () => {
    expect(columnDef('region')).toEqual({
      name: 'region',
      headerKey: null,
      header: 'Region',
      kind: 'attribute',
      sortKey: 'attributes.region',
      newestFirst: false,
      attribute: 'region',
    });
    expect(columnDef('attributes.runbook')?.attribute).toBe('runbook');
  });

  it('refuse fields that cannot be columns', () => {
    expect(columnDef('rawData')).toBeNull();
    expect(columnDef('trendIndication')).toBeNull();
    expect(columnDef(' ')).toBeNull();
  });
});

describe('resolveColumns', () => {
  it('follows config order and leaves out the customer column without customer views', () => {
    const cols = resolveColumns({ columns: [...DEFAULT_COLUMNS], customer_views: false }).map((c) => c.name);
    expect(cols).toEqual(DEFAULT_COLUMNS.filter((c) => c !== 'customer'));
  });

  it('shows the customer column with customer views', () => {
    expect(resolveColumns({ columns: ['customer', 'resource'], customer_views: true }).map((c) => c.name)).toEqual(['customer', 'resource']);
  });

  it('falls back to the default columns when the config lists none', () => {
    expect(resolveColumns({ columns: [], customer_views: true }).map((c) => c.name)).toEqual([...DEFAULT_COLUMNS]);
    expect(resolveColumns({}).length).toBe(DEFAULT_COLUMNS.length - 1);
  });

  it('lists a repeated name once and skips unsupported ones', () => {
    expect(resolveColumns({ columns: ['id', 'id', 'rawData', 'region'] }).map((c) => c.name)).toEqual(['id', 'region']);
  });
});

describe('cell helpers', () => {
  it('shortens ids to 8 characters', () => {
    expect(shortId('91f0e37d-6fc4-46f3-b798-f4ecff7d011d')).toBe('91f0e37d');
    expect(shortId(null)).toBe('');
  });

  it('splits camelCase type names into words', () => {
    expect(splitCamel('exceptionAlert')).toBe('Exception Alert');
    expect(splitCamel('syntheticMonitorCheck')).toBe('Synthetic Monitor Check');
    expect(splitCamel('HTTPCheck')).toBe('HTTP Check');
    expect(splitCamel('')).toBe('');
  });
});
