import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { signupAvailable } from '../../../core/providers.ts';
import { validateEmail, validatePassword, validatePasswordConfirm, validateRequired } from '../../../core/validation.ts';
import { configAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { sessionCommands } from '../../data/account.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AuthCard, FormMessage, linkClass } from '../../components/AuthCard.tsx';
import { afterSignIn } from '../../components/session-actions.ts';

/** Sign up: name, e-mail, password (twice) and a text; POST /auth/signup, then signed in. */
export function SignupScreen() {
  const { t } = useT();
  const config = useAtomValue(configAtom);
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false);

  if (!signupAvailable(config)) {
    return (
      <AuthCard title={t('SignUp')}>
        <FormMessage kind="info">{t('SignUpNotAvailable')}</FormMessage>
        <Link href="/login" className={linkClass}>
          {t('ReturnSignIn')}
        </Link>
      </AuthCard>
    );
  }

  const checks = {
    name: validateRequired(name),
    email: validateEmail(email),
    password: validatePassword(password),
    confirm: validatePasswordConfirm(password, confirm),
  };
  const err = (k: keyof typeof checks) => {
    const c = checks[k];
    return touched && !c.ok ? t(c.error) : null;
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!Object.values(checks).every((c) => c.ok)) return;
    setBusy(true);
    setProblem(null);
    const result = await sessionCommands.signup(t('SignUp'), { name: name.trim(), email: email.trim(), password, text: text.trim() });
    setBusy(false);
    if (!result.ok) {
      if (!result.ignored) setProblem(result.message);
    } else if (result.value.authenticated) afterSignIn(navigate, null);
    else setAwaitingConfirmation(true);
  }

  if (awaitingConfirmation) {
    return (
      <AuthCard title={t('CreateAlertaAccount')}>
        <FormMessage kind="success">{t('SignUpCheckEmail')}</FormMessage>
        <Link href="/login" className={linkClass}>
          {t('ReturnSignIn')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('CreateAlertaAccount')}>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <TextField label={t('FullName')} name="name" autoComplete="name" autoFocus value={name} onChange={(e) => setName(e.target.value)} error={err('name')} />
        <TextField label={t('Email')} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={err('email')} />
        <TextField
          label={t('Password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={err('password')}
          hint={t('Min6Char')}
        />
        <TextField
          label={t('ConfirmPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={err('confirm')}
        />
        <TextField label={t('SignUpReason')} name="text" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" variant="primary" disabled={busy} className="w-full py-2.5">
          {t('SignUp')}
        </Button>
        <p className="text-sm">
          {t('AlreadyHaveAccount')}{' '}
          <Link href="/login" className={linkClass}>
            {t('LogIn')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
