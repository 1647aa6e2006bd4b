import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../state/i18n.ts';
import { dataWorker } from '../../worker-client.ts';
import { AuthCard, FormMessage, linkClass } from '../../shell/AuthCard.tsx';

type State = { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; detail: string };

/** E-mail confirmation link (/confirm/{token}): POST /auth/confirm/{token}, then "Thanks! You can now log in." */
export function ConfirmScreen({ token }: { token?: string }) {
  const { t } = useT();
  const [state, setState] = useState<State>({ kind: 'pending' });

  useEffect(() => {
    let live = true;
    void dataWorker.confirmEmail(token ?? '').then(
      (result) => live && setState(result.ok ? { kind: 'done' } : { kind: 'failed', detail: result.error.message }),
      (error: unknown) => live && setState({ kind: 'failed', detail: String(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title={state.kind === 'failed' ? t('Error') : t('EmailVerified')}>
      {state.kind === 'pending' && <p role="status">{t('AuthInProgress')}</p>}
      {state.kind === 'done' && (
        <>
          <FormMessage kind="success">{t('Thanks')}</FormMessage>
          <p>
            {t('YouCanNowLogin1')}{' '}
            <Link href="/login" className={linkClass}>
              {t('YouCanNowLogin2')}
            </Link>
          </p>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <FormMessage kind="error">
            {t('EmailConfirmFailed')} ({state.detail})
          </FormMessage>
          <p>
            {t('TryAgain')}.{' '}
            <Link href="/login" className={linkClass}>
              {t('ReturnSignIn')}
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
