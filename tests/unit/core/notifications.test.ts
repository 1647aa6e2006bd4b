import { describe, expect, it } from 'vitest';
import { banner, current, dismiss, enqueue, snackbar, SNACKBAR_TIMEOUTS, withdraw, type NoticeQueue } from '../../../src/core/notifications.ts';

describe('snackbar and banner queue', () => {
  it('shows the first queued message and the next one after dismissal', () => {
    let q: NoticeQueue = [];
    expect(current(q)).toBeNull();
    q = enqueue(q, snackbar('success', 'Settings saved'));
    q = enqueue(q, snackbar('error', 'Not found (404)'));
    expect(current(q)?.text).toBe('Settings saved');
    q = dismiss(q);
    expect(current(q)?.text).toBe('Not found (404)');
    q = dismiss(q);
    expect(current(q)).toBeNull();
    expect(dismiss(q)).toEqual([]);
  });

  it('does not queue a message whose text is already shown or waiting', () => {
    let q: NoticeQueue = [];
    q = enqueue(q, snackbar('error', 'Problem connecting to http://api, retrying...'));
    q = enqueue(q, snackbar('error', 'Problem connecting to http://api, retrying...'));
    expect(q).toHaveLength(1);
  });

  it('closes successes after 3 s with OK and errors after 5 s with CLOSE', () => {
    expect(SNACKBAR_TIMEOUTS).toEqual({ success: 3000, error: 5000 });
    expect(snackbar('success', 'ok')).toEqual({ kind: 'success', text: 'ok', timeout: 3000, buttonKey: 'OK' });
    expect(snackbar('error', 'bad')).toEqual({ kind: 'error', text: 'bad', timeout: 5000, buttonKey: 'Close' });
  });

  it('keeps banners until dismissed', () => {
    expect(banner('warning', 'Offline').timeout).toBeNull();
  });

  it('withdraws a message by text', () => {
    const q = enqueue(enqueue([], banner('error', 'a')), banner('error', 'b'));
    expect(withdraw(q, 'a').map((m) => m.text)).toEqual(['b']);
    expect(withdraw(q, 'zzz')).toBe(q);
  });
});
