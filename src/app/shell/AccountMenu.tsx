// The avatar button of the top bar. The menu itself (headlessui's popover, the profile card) loads on the first press:
// the console's start needs only the avatar.
import { lazy, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { sessionAtom } from '../state/session.ts';
import { outboxAtom } from '../state/outbox.ts';
import { useT } from '../state/i18n.ts';
import { DeferredButton, WhenShown } from '../components/deferred.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { logOut } from '../components/session-actions.ts';

const AccountMenuPanel = lazy(() => import('./AccountMenuPanel.tsx'));
const LogoutConfirm = lazy(() => import('./LogoutConfirm.tsx'));

const BUTTON_CLASS = 'flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/15';

export function AccountMenu() {
  const { t } = useT();
  const session = useAtomValue(sessionAtom);
  const [, navigate] = useLocation();
  const claims = session.authenticated ? session.claims : null;
  const label = claims ? t('AccountMenuOf', { name: claims.name || claims.preferred_username || '' }) : t('AccountMenu');
  // Signing out discards the actions made offline that are still waiting: ask first.
  const waiting = useAtomValue(outboxAtom).length;
  const [confirming, setConfirming] = useState(false);
  const signOut = () => (waiting > 0 ? setConfirming(true) : void logOut(navigate));

  return (
    <>
      <WhenShown shown={confirming}>
        <LogoutConfirm
          open={confirming}
          waiting={waiting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void logOut(navigate);
          }}
        />
      </WhenShown>
      <DeferredButton
        popup="dialog"
        aria-label={label}
        className={BUTTON_CLASS}
        render={(activation) => <AccountMenuPanel claims={claims} label={label} buttonClassName={BUTTON_CLASS} signOut={signOut} activation={activation} />}
      >
        <Avatar claims={claims} size={34} />
      </DeferredButton>
    </>
  );
}
