// Notes: an edited note records its editor as the note's user, like the real server (update_note sets user to
// the caller's login; without a login, as with auth off, the author stays).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { DEMO_PASSWORD } from '../../../server/seed.ts';
import { client, login } from './helpers.ts';

describe('editing a note', () => {
  let s: RunningServer;
  let op: ReturnType<typeof client>;
  let admin: ReturnType<typeof client>;
  let alertId: string;
  beforeAll(async () => {
    s = await startServer({ seed: 'users', settings: { AUTH_REQUIRED: true, ADMIN_USERS: ['admin@alerta.dev'] } });
    op = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'operator@alerta.dev', DEMO_PASSWORD)}`);
    admin = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'admin@alerta.dev', DEMO_PASSWORD)}`);
    alertId = (await op.post('/alert', { resource: 'web01', event: 'HighCPU', environment: 'Production', severity: 'major' })).body.id;
  });
  afterAll(() => s.close());

  it('by another user records the editor as the note\'s user', async () => {
    const added = await op.put(`/alert/${alertId}/note`, { text: 'looking into it' });
    expect(added.body.note.user).toBe('operator@alerta.dev');
    const edited = await admin.put(`/alert/${alertId}/note/${added.body.id}`, { text: 'handed over to the DBA team' });
    expect(edited.status).toBe(200);
    expect(edited.body.note).toMatchObject({ user: 'admin@alerta.dev', text: 'handed over to the DBA team' });
    const notes = (await op.get(`/alert/${alertId}/notes`)).body.notes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ user: 'admin@alerta.dev', text: 'handed over to the DBA team' });
  });

  it('without a login (auth off) keeps the author', async () => {
    const open = await startServer({ seed: 'none', settings: { AUTH_REQUIRED: false } });
    const anon = client(open.apiUrl);
    const id = (await anon.post('/alert', { resource: 'web02', event: 'DiskFull', environment: 'Production', severity: 'minor' })).body.id;
    // a note written with a key has the key's user; an anonymous edit leaves it
    open.db.prepare("INSERT INTO keys (id, key, user, scopes, text, expire_time, count, customer) VALUES ('k', 'script-key-00000000000000000000000000000', 'script@alerta.dev', '[\"read\",\"write\"]', '', '2999-01-01T00:00:00.000Z', 0, NULL)").run();
    const rw = client(open.apiUrl, 'Key script-key-00000000000000000000000000000');
    const noteId = (await rw.put(`/alert/${id}/note`, { text: 'from a script' })).body.id;
    const edited = await anon.put(`/alert/${id}/note/${noteId}`, { text: 'edited by nobody' });
    expect(edited.body.note).toMatchObject({ user: 'script@alerta.dev', text: 'edited by nobody' });
    await open.close();
  });
});
