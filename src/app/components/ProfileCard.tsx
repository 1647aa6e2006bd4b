import { useAtomValue } from 'jotai';
import type { TokenClaims } from '../../core/types.ts';
import { customersOf, userScopes } from '../../core/jwt.ts';
import { PROVIDER_NAMES } from '../../core/providers.ts';
import { configAtom } from '../state/session.ts';
import { useT } from '../state/i18n.ts';
import { Icon } from './Icon.tsx';
import type { MessageKey } from '../i18n/index.ts';
import { chipOverflow } from './chips.ts';

import { Avatar } from './Avatar.tsx';

export { Avatar };

function ChipList({ labelKey, items, limit }: { labelKey: MessageKey; items: readonly string[]; limit: boolean }) {
  const { t } = useT();
  if (items.length === 0) return null;
  const { shown, others } = limit ? chipOverflow(items) : { shown: [...items], others: 0 };
  return (
    <div className="mt-3">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-300">{t(labelKey)}</h3>
      <ul className="flex flex-wrap gap-1" aria-label={t(labelKey)}>
        {shown.map((item) => (
          <li key={item} className="rounded-full bg-gray-200 px-2 py-0.5 text-xs text-gray-900 dark:bg-gray-700 dark:text-gray-100">
            {item}
          </li>
        ))}
        {others > 0 && <li className="px-1 py-0.5 text-xs text-gray-700 dark:text-gray-300">{t('OthersCount', { count: others })}</li>}
      </ul>
    </div>
  );
}

/**
 * The signed-in user: name, login, provider or e-mail verification, then customers (with customer views),
 * organisations, groups, roles and scopes. In the avatar menu each list stops at three chips and a count of the others.
 */
export function ProfileCard({ claims, limitChips = true }: { claims: TokenClaims; limitChips?: boolean }) {
  const { t } = useT();
  const config = useAtomValue(configAtom);
  const customers = customersOf(claims);
  const provider = claims.provider ?? config?.provider ?? 'basic';
  const basicLike = provider === 'basic' || provider === 'ldap';
  return (
    <div>
      <div className="flex items-center gap-3">
        <Avatar claims={claims} size={48} />
        <div className="min-w-0">
          <p className="truncate text-base font-semibold">{claims.name || claims.preferred_username}</p>
          {claims.preferred_username && <p className="truncate text-sm text-gray-700 dark:text-gray-300">{claims.preferred_username}</p>}
          <p className="mt-0.5 flex items-center gap-1 text-xs text-gray-700 dark:text-gray-300">
            {basicLike ? (
              claims.email_verified ? (
                <>
                  <Icon name="check" size={14} />
                  {t('EmailVerified')}
                </>
              ) : (
                <>
                  <Icon name="warning" size={14} />
                  {t('EmailNotVerified')}
                </>
              )
            ) : (
              <>
                <Icon name="shield" size={14} />
                {t('Provider')}: {PROVIDER_NAMES[provider] ?? provider}
              </>
            )}
          </p>
        </div>
      </div>
      {config?.customer_views && (
        <ChipList labelKey="Customers" items={customers.length ? customers : [t('AllCustomersPlaceholder')]} limit={limitChips} />
      )}
      <ChipList labelKey="Organizations" items={claims.orgs ?? []} limit={limitChips} />
      <ChipList labelKey="Groups" items={claims.groups ?? []} limit={limitChips} />
      <ChipList labelKey="Roles" items={claims.roles ?? []} limit={limitChips} />
      <ChipList labelKey="Scopes" items={userScopes(claims)} limit={limitChips} />
    </div>
  );
}
