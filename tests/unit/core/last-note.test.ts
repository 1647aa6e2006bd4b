import { describe, expect, it } from 'vitest';
import { lastNote } from '../../../src/core/last-note.ts';
import type { HistoryEntry } from '../../../src/core/types.ts';

function entry(type: string, updateTime: string, text = type): HistoryEntry {
  return { id: updateTime, event: 'e', severity: null, status: null, value: null, text, type, updateTime, user: 'u', timeout: null };
}

describe('last note of an alert', () => {
  it('is the latest note, whatever the order of the history', () => {
    const h = [entry('note', '2024-01-15T10:00:00Z', 'old'), entry('note', '2024-01-15T12:00:00Z', 'new'), entry('severity', '2024-01-15T13:00:00Z')];
    expect(lastNote(h)?.text).toBe('new');
    expect(lastNote([...h].reverse())?.text).toBe('new');
  });

  it('is hidden by a later dismiss', () => {
    expect(lastNote([entry('note', '2024-01-15T10:00:00Z'), entry('dismiss', '2024-01-15T11:00:00Z')])).toBeNull();
  });

  it('is null without notes or history', () => {
    expect(lastNote([entry('status', '2024-01-15T10:00:00Z')])).toBeNull();
    expect(lastNote(undefined)).toBeNull();
    expect(lastNote([])).toBeNull();
  });
});
