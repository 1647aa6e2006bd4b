import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { sessionAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { AuthCard, linkClass } from '../../components/AuthCard.tsx';
import { isLoggingOut, logOut } from '../../components/session-actions.ts';

/** "You have been logged out". Opening /logout while signed in signs out first. */
export function LogoutScreen() {
  const { t } = useT();
  const session = useAtomValue(sessionAtom);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (session.authenticated && !isLoggingOut()) void logOut(navigate);
  }, [session.authenticated, navigate]);

  return (
    <AuthCard title={t('LogOut')}>
      <p role="status" className="mb-4">
        {t('LoggedOut')}
      </p>
      <Link href="/login" className={linkClass}>
        {t('LogIn')}
      </Link>
    </AuthCard>
  );
}
