import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { validateEmail } from '../../../core/validation.ts';
import { useT } from '../../state/i18n.ts';
import { sessionCommands } from '../../data/account.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AuthCard, FormMessage, linkClass } from '../../components/AuthCard.tsx';

/** Forgotten password: POST /auth/forgot {email}; the server e-mails a reset link. */
export function ForgotScreen() {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const check = validateEmail(email);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!check.ok) return;
    setSending(true);
    setProblem(null);
    const result = await sessionCommands.forgotPassword(t('ForgotPassword'), check.value);
    setSending(false);
    if (result.ok) setSent(true);
    else if (!result.ignored) setProblem(result.message);
  }

  return (
    <AuthCard title={t('ForgotPassword')}>
      {sent ? (
        <FormMessage kind="success">{t('CheckEmail')}</FormMessage>
      ) : (
        <>
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
          <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">{t('ResetLink')}</p>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
            <TextField
              label={t('Email')}
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={touched && !check.ok ? t(check.error) : null}
            />
            <Button type="submit" variant="primary" disabled={sending} className="w-full py-2.5">
              {t('Send')}
            </Button>
          </form>
        </>
      )}
      <p className="mt-4 text-sm">
        <Link href="/login" className={linkClass}>
          {t('ReturnSignIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
