import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useRouter, useSearch } from 'wouter';
import { PROVIDER_NAMES, signInKind, signupAvailable } from '../../../core/providers.ts';
import { validateRequired } from '../../../core/validation.ts';
import { configAtom, sessionAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { sessionCommands } from '../../data/account.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AuthCard, FormMessage, ProblemMessage, linkClass } from '../../components/AuthCard.tsx';
import { afterSignIn } from '../../components/session-actions.ts';
import { samlSignIn, startOAuthSignIn, type SignInAttempt, type SignInStatus } from './social-login.ts';

type Problem = { key: 'Required' | 'AuthNotPossible' | 'AuthProviderUnknown' | 'PopupBlocked'; detail?: string } | { text: string };

/** The sign-in window is at work: the button waits, and Cancel is offered. */
const WORKING: ReadonlySet<SignInStatus['phase']> = new Set(['waiting', 'elsewhere', 'exchanging', 'done']);

/** Log in: username and password for basic and LDAP, a popup for the OAuth providers and SAML. */
export function LoginScreen() {
  const { t, locale } = useT();
  const config = useAtomValue(configAtom);
  const session = useAtomValue(sessionAtom);
  const [, navigate] = useLocation();
  const { base } = useRouter();
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const provider = config?.provider ?? 'basic';
  const kind = signInKind(provider);
  const usernameRef = useRef<HTMLInputElement>(null);
  const [sso, setSso] = useState<SignInStatus>({ phase: 'idle' });
  const attempt = useRef<SignInAttempt | null>(null);
  const providerName = PROVIDER_NAMES[provider] ?? provider;

  // Leaving the screen ends a sign-in still waiting for its window.
  useEffect(() => () => attempt.current?.cancel(), []);

  // Start in the username field, unless the user already went elsewhere (e.g. opened the account menu) while the
  // page was loading: stealing focus then would close what they opened.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.id === 'main') usernameRef.current?.focus();
  }, []);

  // Already signed in (another tab, a SAML window, a reload): go on to where the user was headed.
  useEffect(() => {
    if (session.authenticated) afterSignIn(navigate, redirect);
  }, [session.authenticated, navigate, redirect]);

  const usernameError = touched ? validateRequired(username) : null;
  const passwordError = touched ? validateRequired(password) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!validateRequired(username).ok || !validateRequired(password).ok) return;
    setBusy(true);
    setProblem(null);
    const result = await sessionCommands.login(t('LogIn'), username.trim(), password);
    setBusy(false);
    if (result.ok) afterSignIn(navigate, redirect);
    else if (!result.ignored) setProblem({ text: result.message });
  }

  function social() {
    if (!config) return;
    setProblem(null);
    if (kind === 'saml') {
      setBusy(true);
      void samlSignIn(config.endpoint).then((outcome) => {
        setBusy(false);
        if (outcome.ok) afterSignIn(navigate, redirect);
        else if (outcome.reason === 'blocked') setProblem({ key: 'PopupBlocked' });
        else if (outcome.reason === 'AuthNotPossible') setProblem({ key: outcome.reason, detail: outcome.detail });
      });
      return;
    }
    attempt.current?.cancel();
    attempt.current = startOAuthSignIn({
      provider,
      config,
      redirectUri: new URL(`${base}/`, window.location.origin).href,
      locale,
      label: t('LogInWith', { provider: providerName }),
      onStatus: (status) => {
        setSso(status);
        if (status.phase === 'done') afterSignIn(navigate, redirect);
      },
    });
  }

  function cancelSocial() {
    attempt.current?.cancel();
    attempt.current = null;
    setSso({ phase: 'idle' });
  }

  const problemText = problem ? ('text' in problem ? problem.text : [t(problem.key), problem.detail].filter(Boolean).join(': ')) : null;
  const ssoWorking = WORKING.has(sso.phase);
  const ssoRetry = sso.phase === 'failed' || sso.phase === 'no-answer';

  return (
    <AuthCard title={t('LoginToContinue')}>
      {problemText && <FormMessage kind="error">{problemText}</FormMessage>}
      {kind === 'form' && (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <TextField
            ref={usernameRef}
            label={t('Username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={usernameError && !usernameError.ok ? t(usernameError.error) : null}
          />
          <TextField
            label={t('Password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordError && !passwordError.ok ? t(passwordError.error) : null}
          />
          <Button type="submit" variant="primary" disabled={busy} className="w-full py-2.5">
            {busy ? t('AuthInProgress') : t('LogIn')}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            {provider === 'basic' && (
              <Link href="/forgot" className={linkClass}>
                {t('ForgotPassword')}
              </Link>
            )}
            {signupAvailable(config) && (
              <Link href="/signup" className={linkClass}>
                {t('CreateAccount')}
              </Link>
            )}
          </div>
        </form>
      )}
      {(kind === 'oauth' || kind === 'saml') && (
        <div className="flex flex-col gap-3">
          {sso.phase === 'failed' && (
            <ProblemMessage text={t(sso.problem.key, { provider: providerName })} detail={sso.problem.detail} detailsLabel={t('Details')} />
          )}
          {sso.phase === 'no-answer' && <ProblemMessage text={t('SsoNoAnswer', { provider: providerName, host: sso.host })} />}
          {sso.phase === 'blocked' && (
            <FormMessage kind="error" flush>
              {t('PopupBlocked')}
            </FormMessage>
          )}
          {sso.phase === 'elsewhere' && (
            <FormMessage kind="info" flush>
              {t('SsoElsewhere', { provider: providerName })}
            </FormMessage>
          )}
          <Button variant="primary" disabled={busy || ssoWorking} onClick={social} className="w-full py-2.5" autoFocus>
            {busy || ssoWorking ? t('AuthInProgress') : ssoRetry ? t('Retry') : t('LogInWith', { provider: providerName })}
          </Button>
          {(sso.phase === 'waiting' || sso.phase === 'elsewhere' || (sso.phase === 'no-answer' && sso.windowOpen)) && (
            <Button onClick={cancelSocial} className="w-full py-2">
              {t('Cancel')}
            </Button>
          )}
          <p className="text-xs text-gray-700 dark:text-gray-300">{t('PopupHint')}</p>
        </div>
      )}
      {kind === 'unknown' && <FormMessage kind="error">{`${t('AuthProviderUnknown')}: ${provider}`}</FormMessage>}
    </AuthCard>
  );
}
