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

describe('a newer outcome replaces the older one of its group', () => {
  const outcome = (text: string) => ({ ...snackbar('success', text), group: 'outcome' });

  it('replaces the message on screen at once instead of queueing behind it', () => {
    let q: NoticeQueue = enqueue([], outcome('Unshelve done on 1 alert'));
    q = enqueue(q, outcome('Close done on 1 alert'));
    expect(q.map((m) => m.text)).toEqual(['Close done on 1 alert']);
    expect(current(q)?.text).toBe('Close done on 1 alert');
  });

  it('replaces a waiting one where it stands, and leaves other messages alone', () => {
    let q: NoticeQueue = enqueue([], snackbar('error', 'Not found (404)'));
    q = enqueue(q, outcome('Ack done on 1 alert'));
    q = enqueue(q, snackbar('error', 'Forbidden (403)'));
    q = enqueue(q, outcome('Close done on 2 alerts'));
    expect(q.map((m) => m.text)).toEqual(['Not found (404)', 'Close done on 2 alerts', 'Forbidden (403)']);
  });

  it('messages without a group still queue, and the same text is still shown once', () => {
    let q: NoticeQueue = enqueue([], snackbar('error', 'a'));
    q = enqueue(q, snackbar('error', 'b'));
    q = enqueue(q, outcome('a'));
    expect(q.map((m) => m.text)).toEqual(['a', 'b']);
  });
});
