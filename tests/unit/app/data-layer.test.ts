// The UI's road for asked-for data (src/app/data/): keyed, de-duplicated, cached reads invalidated by tags, and the
// one command runner (its 200 ms leading-edge gate, busy flag, snackbar text, invalidation).
import { afterEach, describe, expect, it } from 'vitest';
import { atom } from 'jotai';
import type { Result } from '../../../src/worker/contract/index.ts';
import { QueryClient, queryClient, type Query } from '../../../src/app/data/query.ts';
import { runCommand } from '../../../src/app/data/commands.ts';
import { store } from '../../../src/app/state/store.ts';
import { noticesAtom } from '../../../src/app/state/notices.ts';

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A query that counts its requests and answers with the count. */
function counted(key: string, tags: string[], answer: (n: number) => Result<number> = ok) {
  let calls = 0;
  const query: Query<number> = { key, tags, run: async () => answer(++calls) };
  return { query, calls: () => calls };
}

describe('the query cache', () => {
  it('asks once for two readers of the same key, and both get the answer', async () => {
    const client = new QueryClient();
    const q = counted('k', ['t']);
    client.subscribe(q.query, () => undefined);
    client.subscribe(q.query, () => undefined);
    await tick();
    expect(q.calls()).toBe(1);
    expect(client.state('k').data).toBe(1);
  });

  it('a command invalidating a tag makes the shown reads with that tag ask again, and only those', async () => {
    const client = new QueryClient();
    const users = counted('users', ['users']);
    const groups = counted('groups', ['groups']);
    client.subscribe(users.query, () => undefined);
    client.subscribe(groups.query, () => undefined);
    await tick();
    await client.invalidate(['users']);
    expect(users.calls()).toBe(2);
    expect(groups.calls()).toBe(1);
    expect(client.state('users').data).toBe(2);
  });

  it('a read not shown at the time is asked again when next shown, with the old answer meanwhile', async () => {
    const client = new QueryClient();
    const q = counted('k', ['t']);
    const stop = client.subscribe(q.query, () => undefined);
    await tick();
    stop();
    await client.invalidate(['t']);
    expect(q.calls()).toBe(1);
    client.subscribe(q.query, () => undefined);
    expect(client.state('k').data).toBe(1);
    await tick();
    expect(q.calls()).toBe(2);
    expect(client.state('k').data).toBe(2);
  });

  it('a failure keeps the last good answer beside the error; a crashed call is a failure, not an exception', async () => {
    const client = new QueryClient();
    let fail: 'no' | 'error' | 'throw' = 'no';
    const query: Query<string> = {
      key: 'k',
      tags: ['t'],
      run: async () => {
        if (fail === 'throw') throw new Error('worker gone');
        return fail === 'error' ? { ok: false, error: { kind: 'http', message: 'Nope (500)', code: 500 } } : ok('fine');
      },
    };
    client.subscribe(query, () => undefined);
    await tick();
    fail = 'error';
    await client.fetch(query, true);
    expect(client.state('k')).toMatchObject({ data: 'fine', error: { message: 'Nope (500)' }, loading: false });
    fail = 'throw';
    await client.fetch(query, true);
    expect(client.state('k')).toMatchObject({ data: 'fine', error: { kind: 'internal', message: 'worker gone' } });
  });

  it('an older answer arriving after a newer request started is dropped', async () => {
    const client = new QueryClient();
    const releases: ((v: Result<string>) => void)[] = [];
    const query: Query<string> = { key: 'k', tags: [], run: () => new Promise((resolve) => releases.push(resolve)) };
    const first = client.fetch(query);
    const second = client.fetch(query, true);
    releases[1]!(ok('new'));
    await second;
    releases[0]!(ok('old'));
    await first;
    expect(client.state('k').data).toBe('new');
  });

  it('keeps a bounded number of answers nobody shows', async () => {
    const client = new QueryClient();
    for (let i = 0; i < 100; i++) {
      const stop = client.subscribe(counted(`k${i}`, []).query, () => undefined);
      await tick();
      stop();
    }
    expect(client.size).toBeLessThanOrEqual(40);
  });
});

describe('the command runner', () => {
  afterEach(() => store.set(noticesAtom, []));
  const texts = () => store.get(noticesAtom).map((n) => n.text);

  it('runs once for a double click within 200 ms, and again after', async () => {
    let runs = 0;
    const command = { label: 'Ack', gate: 'double-click', run: async () => ok(++runs) };
    const [a, b] = await Promise.all([runCommand(command), runCommand(command)]);
    expect(a).toEqual({ ok: true, value: 1 });
    expect(b).toMatchObject({ ok: false, ignored: true });
    await new Promise((r) => setTimeout(r, 220));
    expect(await runCommand(command)).toEqual({ ok: true, value: 2 });
  });

  it('a setting picked three times in a row is saved three times: picks are not button presses', async () => {
    let runs = 0;
    const pick = { label: 'Language', gate: null, run: async () => ok(++runs) };
    const results = await Promise.all([runCommand(pick), runCommand(pick), runCommand(pick)]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    expect(runs).toBe(3);
  });

  it('ignores commands of a busy group until the one running ends', async () => {
    const busy = atom(false);
    let release = () => undefined as void;
    const slow = runCommand({ label: 'Ack', gate: 'busy-1', busy, run: () => new Promise<Result<number>>((r) => (release = () => r(ok(1)))) });
    expect(store.get(busy)).toBe(true);
    expect(await runCommand({ label: 'Close', gate: 'busy-2', busy, run: async () => ok(2) })).toMatchObject({ ignored: true });
    await new Promise((r) => setTimeout(r, 220));
    expect(store.get(busy)).toBe(true);
    release();
    await slow;
    expect(store.get(busy)).toBe(false);
  });

  // The detail page's Ack button becomes Open once acked, in the same place: a double click on a fast server acked
  // and then reopened the alert.
  it("a double click acts once even when its first click's command ended and put another button under the pointer", async () => {
    const busy = atom(false);
    const acted: string[] = [];
    const press = (action: string) => runCommand({ label: action, gate: `press-${action}`, busy, run: async () => ok(acted.push(action)) });
    expect(await press('ack')).toMatchObject({ ok: true });
    expect(store.get(busy)).toBe(true);
    expect(await press('open')).toMatchObject({ ignored: true });
    expect(acted).toEqual(['ack']);
    await new Promise((r) => setTimeout(r, 220));
    expect(store.get(busy)).toBe(false);
    expect(await press('open')).toMatchObject({ ok: true });
    expect(acted).toEqual(['ack', 'open']);
  });

  it('shows the server message of a failure, and says which alerts of a bulk action failed and why', async () => {
    const failed = await runCommand({ label: 'Save', gate: 'fail-1', run: async () => ({ ok: false, error: { kind: 'http', message: 'not allowed (403)', code: 403 } }) });
    // the worker's error comes along, for a caller that explains the failure itself (its kind and HTTP status)
    expect(failed).toEqual({ ok: false, message: 'not allowed (403)', error: { kind: 'http', message: 'not allowed (403)', code: 403 } });
    await runCommand({
      label: 'Ack',
      gate: 'bulk-1',
      run: async () => ok({ succeeded: ['a'], failed: [{ id: 'b', error: { kind: 'http', message: 'alert is already in ack status (409)', code: 409 } }] }),
      success: (r) => ({ level: 'success', text: `done ${r.succeeded.length}` }),
    });
    expect(texts()).toEqual(['not allowed (403)', 'Ack failed on 1 alert: alert is already in ack status (409)', 'done 1']);
  });

  it('a form shows its own failure: no snackbar', async () => {
    const r = await runCommand({ label: 'Log In', gate: 'quiet', quiet: true, run: async () => ({ ok: false, error: { kind: 'auth', message: 'invalid password (401)', code: 401 } }) });
    expect(r).toEqual({ ok: false, message: 'invalid password (401)', error: { kind: 'auth', message: 'invalid password (401)', code: 401 } });
    expect(texts()).toEqual([]);
  });

  it('reads the lists a success changed again before it counts as done', async () => {
    const list = counted('list:users', ['users']);
    const stop = queryClient.subscribe(list.query, () => undefined);
    await tick();
    await runCommand({ label: 'Save', gate: 'invalidate', run: async () => ok(null), invalidates: ['users'] });
    expect(list.calls()).toBe(2);
    expect(queryClient.state('list:users').data).toBe(2);
    stop();
  });
});
