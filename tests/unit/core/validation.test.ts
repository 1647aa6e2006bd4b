import { describe, expect, it } from 'vitest';
import {
  validateEmail,
  validateNote,
  validatePassword,
  validatePasswordConfirm,
  validateRequired,
} from '../../../src/core/validation.ts';

describe('note text', () => {
  it('is required, whitespace alone does not count', () => {
    expect(validateNote('')).toEqual({ ok: false, error: 'TextIsRequired' });
    expect(validateNote('   \n ')).toEqual({ ok: false, error: 'TextIsRequired' });
    expect(validateNote(null)).toEqual({ ok: false, error: 'TextIsRequired' });
  });

  it('is trimmed', () => {
    expect(validateNote('  disk replaced  ')).toEqual({ ok: true, value: 'disk replaced' });
  });

  it('allows 200 characters after trimming, not 201', () => {
    expect(validateNote(' ' + 'a'.repeat(200) + ' ')).toEqual({ ok: true, value: 'a'.repeat(200) });
    expect(validateNote('a'.repeat(201))).toEqual({ ok: false, error: 'TextMustBeLessThan' });
  });

  it('counts an emoji as one character', () => {
    expect(validateNote('🔥'.repeat(200)).ok).toBe(true);
  });
});

describe('password', () => {
  it('needs at least 6 characters', () => {
    expect(validatePassword('12345')).toEqual({ ok: false, error: 'Min6Char' });
    expect(validatePassword('123456')).toEqual({ ok: true, value: '123456' });
    expect(validatePassword('')).toEqual({ ok: false, error: 'Required' });
  });

  it('keeps spaces as part of the password', () => {
    expect(validatePassword(' abcd ')).toEqual({ ok: true, value: ' abcd ' });
  });

  it('confirmation must match exactly', () => {
    expect(validatePasswordConfirm('secret1', 'secret2')).toEqual({ ok: false, error: 'PasswordNotMatch' });
    expect(validatePasswordConfirm('secret1', 'secret1 ')).toEqual({ ok: false, error: 'PasswordNotMatch' });
    expect(validatePasswordConfirm('secret1', 'secret1')).toEqual({ ok: true, value: 'secret1' });
    expect(validatePasswordConfirm('secret1', '')).toEqual({ ok: false, error: 'Required' });
  });
});

describe('required and e-mail', () => {
  it('requires non-blank text', () => {
    expect(validateRequired('  ')).toEqual({ ok: false, error: 'Required' });
    expect(validateRequired(' x ')).toEqual({ ok: true, value: 'x' });
  });

  it('accepts plausible e-mail addresses and rejects others', () => {
    expect(validateEmail(' admin@alerta.dev ')).toEqual({ ok: true, value: 'admin@alerta.dev' });
    expect(validateEmail('first.last+tag@sub.example.co.uk').ok).toBe(true);
    for (const bad of ['admin', 'admin@', '@alerta.dev', 'a b@x.io', 'a@b', 'a@@b.io', 'a@b..io']) {
      expect(validateEmail(bad)).toEqual({ ok: false, error: 'NotValid' });
    }
    expect(validateEmail('')).toEqual({ ok: false, error: 'Required' });
  });
});
