import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { validatePassword, validatePasswordConfirm } from '../../../core/validation.ts';
import { useT } from '../../state/i18n.ts';
import { sessionCommands } from '../../data/account.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AuthCard, FormMessage, linkClass } from '../../components/AuthCard.tsx';

/** Password reset link (/reset/{token}): a new password, at least 6 characters, entered twice. */
export function ResetScreen({ token }: { token?: string }) {
  const { t } = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pw = validatePassword(password);
  const again = validatePasswordConfirm(password, confirm);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!pw.ok || !again.ok) return;
    setBusy(true);
    setProblem(null);
    const result = await sessionCommands.resetPassword(t('ChooseNewPassword'), token ?? '', password);
    setBusy(false);
    if (result.ok) setDone(true);
    else if (!result.ignored) setProblem(result.message);
  }

  return (
    <AuthCard title={t('ChooseNewPassword')}>
      {done ? (
        <>
          <FormMessage kind="success">{t('PasswordChanged')}</FormMessage>
          <Link href="/login" className={linkClass}>
            {t('LogIn')}
          </Link>
        </>
      ) : (
        <>
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
            <TextField
              label={t('Password')}
              type="password"
              name="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={touched && !pw.ok ? t(pw.error) : null}
              hint={t('Min6Char')}
            />
            <TextField
              label={t('ConfirmPassword')}
              type="password"
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={touched && !again.ok ? t(again.error) : null}
            />
            <Button type="submit" variant="primary" disabled={busy} className="w-full py-2.5">
              {t('ResetPassword')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
