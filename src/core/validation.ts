// Form rules: note text, passwords, saved searches. Errors are i18n keys; the UI translates them.

export type Validation<E extends string, T = string> = { ok: true; value: T } | { ok: false; error: E };

export const NOTE_MAX_LENGTH = 200;
export const PASSWORD_MIN_LENGTH = 6;

/** Length as a user counts it: an emoji or accented letter is one character. */
function charCount(s: string): number {
  return Array.from(s).length;
}

/** Alert note: trimmed, required, at most 200 characters (key TextMustBeLessThan, shown with "200 characters"). */
export function validateNote(text: string | null | undefined): Validation<'TextIsRequired' | 'TextMustBeLessThan'> {
  const value = (text ?? '').trim();
  if (value === '') return { ok: false, error: 'TextIsRequired' };
  if (charCount(value) > NOTE_MAX_LENGTH) return { ok: false, error: 'TextMustBeLessThan' };
  return { ok: true, value };
}

/** Password: at least 6 characters (key Min6Char). Not trimmed: spaces are part of a password. */
export function validatePassword(pw: string | null | undefined): Validation<'Required' | 'Min6Char'> {
  const value = pw ?? '';
  if (value === '') return { ok: false, error: 'Required' };
  if (charCount(value) < PASSWORD_MIN_LENGTH) return { ok: false, error: 'Min6Char' };
  return { ok: true, value };
}

/** Confirmation must equal the password exactly (key PasswordNotMatch). */
export function validatePasswordConfirm(
  pw: string | null | undefined,
  confirm: string | null | undefined,
): Validation<'Required' | 'PasswordNotMatch'> {
  const value = confirm ?? '';
  if (value === '') return { ok: false, error: 'Required' };
  if (value !== (pw ?? '')) return { ok: false, error: 'PasswordNotMatch' };
  return { ok: true, value };
}

/** Generic required field (key Required); whitespace alone does not count. */
export function validateRequired(value: string | null | undefined): Validation<'Required'> {
  const v = (value ?? '').trim();
  return v === '' ? { ok: false, error: 'Required' } : { ok: true, value: v };
}

/** A plausible e-mail address: one @, something before it, a dotted domain after it, no spaces (key NotValid). */
export function validateEmail(email: string | null | undefined): Validation<'Required' | 'NotValid'> {
  const v = (email ?? '').trim();
  if (v === '') return { ok: false, error: 'Required' };
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v)) return { ok: false, error: 'NotValid' };
  return { ok: true, value: v };
}
