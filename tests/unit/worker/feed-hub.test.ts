// The leader's feeds: an alert opened from a list finds the list's row even though the list was left first (a click
// on a row unmounts the list before the detail page asks for the alert).
import { describe, expect, it } from 'vitest';
import { FeedHub, type Wanted } from '../../../src/worker/feed-hub.ts';
import type { AlertsFeed, Feed } from '../../../src/worker/alerts-feed.ts';
import type { AlertRow } from '../../../src/worker/contract/index.ts';
import type { AlertsView } from '../../../src/core/types.ts';

function listFeed(rows: Pick<AlertRow, 'id'>[], at: number) {
  let stopped = false;
  const feed = {
    start: async () => undefined,
    stop: () => {
      stopped = true;
    },
    refresh: async () => undefined,
    setHidden: () => undefined,
    resend: () => undefined,
    resume: () => undefined,
    row: (id: string) => {
      const alert = rows.find((r) => r.id === id);
      return alert ? { alert: alert as AlertRow, at } : undefined;
    },
  };
  return { feed: feed as unknown as AlertsFeed & Feed, stopped: () => stopped };
}

const view = (page: number) => ({ slot: 'alerts', view: { page } as unknown as AlertsView }) as Wanted;
const looking = { fast: true };

describe('FeedHub.listRow', () => {
  it('finds a row of a list shown now, and of a list just left', () => {
    const lists = [listFeed([{ id: 'a1' }], 1000), listFeed([{ id: 'b1' }], 2000)];
    let next = 0;
    const hub = new FeedHub({ create: () => lists[next++]!.feed });
    hub.want('tab', 'alerts', view(1), looking);
    expect(hub.listRow('a1')).toMatchObject({ alert: { id: 'a1' }, at: 1000 });

    // The user clicks a row: the list is left (and stops polling) before the detail page asks for the alert.
    hub.want('tab', 'alerts', null, looking);
    expect(lists[0]!.stopped()).toBe(true);
    expect(hub.listRow('a1')).toMatchObject({ alert: { id: 'a1' }, at: 1000 });
    expect(hub.listRow('zz')).toBeUndefined();
  });

  it('keeps only the last few lists left, and nothing once the hub stops', () => {
    const lists = Array.from({ length: 5 }, (_, i) => listFeed([{ id: `r${i}` }], i));
    let next = 0;
    const hub = new FeedHub({ create: () => lists[next++]!.feed });
    for (let i = 0; i < 5; i++) {
      hub.want('tab', 'alerts', view(i + 1), looking);
      hub.want('tab', 'alerts', null, looking);
    }
    expect(hub.listRow('r4')).toBeDefined();
    expect(hub.listRow('r2')).toBeDefined();
    expect(hub.listRow('r1')).toBeUndefined();
    hub.stopAll();
    expect(hub.listRow('r4')).toBeUndefined();
  });
});
