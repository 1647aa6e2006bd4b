import { describe, expect, it } from 'vitest';
import { isQuietMoment, KIOSK_IDLE_MS } from '../../../src/app/pwa/quiet-moment.ts';
import { hasDirtyForms, markDirty } from '../../../src/app/pwa/dirty-forms.ts';

const quiet = { dirtyForms: false, dialogOpen: false, editing: false, idleMs: KIOSK_IDLE_MS };

describe('kiosk mode applies an update only at a quiet moment', () => {
  it('reloads when nobody is doing anything and nobody has touched the display for a minute', () => {
    expect(isQuietMoment(quiet)).toBe(true);
    expect(isQuietMoment({ ...quiet, idleMs: KIOSK_IDLE_MS * 10 })).toBe(true);
  });

  it('waits while someone touched the display recently', () => {
    expect(isQuietMoment({ ...quiet, idleMs: KIOSK_IDLE_MS - 1 })).toBe(false);
  });

  it('never reloads under unsaved input, an open dialog or text being typed', () => {
    expect(isQuietMoment({ ...quiet, dirtyForms: true })).toBe(false);
    expect(isQuietMoment({ ...quiet, dialogOpen: true })).toBe(false);
    expect(isQuietMoment({ ...quiet, editing: true })).toBe(false);
  });

  it('takes a different idle time when asked', () => {
    expect(isQuietMoment({ ...quiet, idleMs: 5000 }, 5000)).toBe(true);
    expect(isQuietMoment({ ...quiet, idleMs: 4999 }, 5000)).toBe(false);
  });
});

describe('forms with unsaved input hold back updates', () => {
  it('holds while any form is dirty and lets go when the last one is saved or discarded', () => {
    expect(hasDirtyForms()).toBe(false);
    markDirty('note-a1', true);
    markDirty('blackout-form', true);
    expect(hasDirtyForms()).toBe(true);
    markDirty('note-a1', false);
    expect(hasDirtyForms()).toBe(true);
    markDirty('blackout-form', false);
    expect(hasDirtyForms()).toBe(false);
  });

  it('counts a form once however often it reports itself dirty', () => {
    markDirty('note-a2', true);
    markDirty('note-a2', true);
    markDirty('note-a2', false);
    expect(hasDirtyForms()).toBe(false);
  });
});
