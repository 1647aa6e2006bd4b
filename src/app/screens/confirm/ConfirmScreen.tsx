import { Link } from 'wouter';
import { useT } from '../../state/i18n.ts';
import { confirmEmailQuery } from '../../data/account.ts';
import { useQuery } from '../../data/query.ts';
import { AuthCard, FormMessage, linkClass } from '../../components/AuthCard.tsx';


/** E-mail confirmation link (/confirm/{token}): POST /auth/confirm/{token}, then "Thanks! You can now log in." */
export function ConfirmScreen({ token }: { token?: string }) {
  const { t } = useT();
  const answer = useQuery(confirmEmailQuery(token ?? ''));
  const state = answer.loading ? { kind: 'pending' as const } : answer.error ? { kind: 'failed' as const, detail: answer.error.message } : { kind: 'done' as const };

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
