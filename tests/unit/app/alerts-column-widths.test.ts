import { describe, expect, it } from 'vitest';
import { columnWidth } from '../../../src/app/screens/alerts/column-widths.ts';
import { resolveColumns } from '../../../src/core/columns.ts';

const widths = { valueWidth: 50, textWidth: 400 };

describe('alert table column widths', () => {
  it('value and description follow the valueWidth and textWidth preferences', () => {
    const [value, text] = resolveColumns({ columns: ['value', 'text'] });
    expect(columnWidth(value!, widths)).toBe(60);
    expect(columnWidth(value!, { valueWidth: 200, textWidth: 400 })).toBe(200);
    expect(columnWidth(text!, { valueWidth: 50, textWidth: 800 })).toBe(800);
  });

  it('gives every configured column, custom attributes included, a positive width', () => {
    const columns = resolveColumns({ columns: ['id', 'severity', 'lastReceiveTime', 'timeoutLeft', 'region', 'tags', 'note'], customer_views: true });
    expect(columns).toHaveLength(7);
    for (const c of columns) expect(columnWidth(c, widths)).toBeGreaterThan(40);
  });

  it('leaves dates room for the default medium date format', () => {
    const [date] = resolveColumns({ columns: ['lastReceiveTime'] });
    expect(columnWidth(date!, widths)).toBeGreaterThanOrEqual(150);
  });
});
