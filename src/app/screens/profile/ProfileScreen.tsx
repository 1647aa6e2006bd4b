import { useAtomValue } from 'jotai';
import { PROVIDER_NAMES } from '../../../core/providers.ts';
import { sessionAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { profileQuery } from '../../data/account.ts';
import { useQuery } from '../../data/query.ts';
import { ProfileCard } from '../../components/ProfileCard.tsx';
import { FormMessage } from '../../components/AuthCard.tsx';

/** The signed-in user: the profile card with every chip, and the account details the API knows. */
export function ProfileScreen() {
  const { t } = useT();
  const session = useAtomValue(sessionAtom);
  const { format } = useFormatDate();
  const profile = useQuery(profileQuery);
  const data = profile.data ?? null;
  const problem = profile.error?.message ?? null;

  const claims = data?.claims ?? session.claims;
  const user = data?.user ?? null;
  const rows: [string, string][] = claims
    ? ([
        [t('UserID'), claims.sub ?? user?.id ?? ''],
        [t('Login'), user?.login ?? claims.preferred_username ?? ''],
        [t('Email'), user?.email ?? claims.email ?? ''],
        [t('Provider'), PROVIDER_NAMES[claims.provider ?? 'basic'] ?? claims.provider ?? ''],
        [t('EmailVerified'), (user?.email_verified ?? claims.email_verified) ? t('Yes') : t('No')],
        [t('Status'), user?.status ? (user.status === 'active' ? t('Active') : t('Inactive')) : ''],
        [t('LastLogin'), user?.lastLogin ? format(user.lastLogin, 'longDate') : ''],
        [t('Expires'), session.expiresAt ? format(session.expiresAt, 'longDate') : ''],
      ] as [string, string][]).filter(([, v]) => v !== '')
    : [];

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="mb-4 text-2xl font-semibold">{t('Profile')}</h1>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      {claims ? (
        <div className="grid gap-4 md:grid-cols-2">
          <section aria-label={t('Profile')} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-black/5 dark:bg-gray-900 dark:ring-white/10">
            <ProfileCard claims={claims} limitChips={false} />
          </section>
          <section aria-labelledby="profile-details" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-black/5 dark:bg-gray-900 dark:ring-white/10">
            <h2 id="profile-details" className="mb-3 text-lg font-semibold">
              {t('Details')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {rows.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-gray-700 dark:text-gray-300">{k}</dt>
                  <dd className="break-words [overflow-wrap:anywhere]">{v}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      ) : (
        <p role="status">{t('NotSignedIn')}</p>
      )}
    </div>
  );
}
