// Column widths of the alert table (fixed table layout). Pure, so it is unit-tested without a DOM.
import type { ColumnDef } from '../../../core/columns.ts';

const KIND_WIDTHS: Partial<Record<ColumnDef['kind'], number>> = {
  shortId: 90,
  severity: 110,
  status: 100,
  date: 170,
  timeout: 90,
  timeoutLeft: 90,
  number: 70,
  boolean: 80,
  duration: 90,
  type: 130,
  list: 150,
  tags: 180,
  attributes: 220,
  note: 220,
  attribute: 140,
  text: 140,
};

/**
 * The width of a column. The table uses a fixed layout: columns keep their width from poll to poll (nothing jumps
 * under the pointer when a longer value arrives) and the browser lays out 200 rows without measuring every cell.
 * Value and text follow the valueWidth/textWidth preferences, as the old console truncated them.
 */
export function columnWidth(column: ColumnDef, ctx: { valueWidth: number; textWidth: number }): number {
  if (column.kind === 'html') return column.name === 'value' ? Math.max(60, ctx.valueWidth) : Math.max(120, ctx.textWidth);
  if (column.name === 'duplicateCount') return 70;
  if (column.name === 'environment') return 135;
  if (column.name === 'customer' || column.name === 'origin' || column.name === 'group') return 120;
  if (column.name === 'resource' || column.name === 'event') return 160;
  return KIND_WIDTHS[column.kind] ?? 120;
}
