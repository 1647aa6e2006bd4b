// Links in the mails the server sends (signup confirmation, password reset) point at the configured console URL,
// by default the server's own, never at whatever Origin or Host a request names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { client } from './helpers.ts';

const EVIL = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

const linkIn = (s: RunningServer, to: string, kind: 'confirm' | 'reset'): string => {
  const mail = s.ctx.mail.messages.findLast((m) => m.to === to && m.text.includes(`/${kind}/`));
  return /(\S+\/(?:confirm|reset)\/[\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
};

describe('mail links', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ seed: 'users', settings: { AUTH_REQUIRED: true } });
  });
  afterAll(() => s.close());

  it('a password reset link uses the server\'s own console URL, not the request\'s Origin or Host', async () => {
    expect((await client(s.apiUrl).post('/auth/forgot', { email: 'operator@alerta.dev' }, EVIL)).status).toBe(200);
    const link = linkIn(s, 'operator@alerta.dev', 'reset');
    expect(link.startsWith(`${s.url}/reset/`)).toBe(true);
    expect(link).not.toContain('evil');
  });

  it('so does a signup confirmation link', async () => {
    expect((await client(s.apiUrl).post('/auth/signup', { name: 'Nia', email: 'nia@example.org', password: 'secret-123' }, EVIL)).status).toBe(200);
    const link = linkIn(s, 'nia@example.org', 'confirm');
    expect(link.startsWith(`${s.url}/confirm/`)).toBe(true);
  });

  it('CONSOLE_URL sets the base of the links', async () => {
    const other = await startServer({ seed: 'users', settings: { AUTH_REQUIRED: true, CONSOLE_URL: 'https://alerta.example.com/console/' } });
    await client(other.apiUrl).post('/auth/forgot', { email: 'viewer@alerta.dev' }, EVIL);
    expect(linkIn(other, 'viewer@alerta.dev', 'reset')).toMatch(/^https:\/\/alerta\.example\.com\/console\/reset\/[\w-]+$/);
    await other.close();
  });
});
