import { useState } from 'react';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { signupAvailable } from '../../core/providers.ts';
import { configAtom, sessionAtom } from '../state/session.ts';
import { useT } from '../state/i18n.ts';
import { Button } from '../components/Button.tsx';
import { Avatar, ProfileCard } from './ProfileCard.tsx';
import { logOut } from './session-actions.ts';
import { outboxAtom } from '../state/outbox.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

/** The path to come back to after signing in: where the user is now, unless that is an auth page. */
function currentRedirect(location: string): string {
  const here = location + window.location.search;
  return /^\/(login|signup|logout|forgot|reset|confirm)\b/.test(location) ? '/alerts' : here;
}

/**
 * The avatar menu (SPEC 2): the profile card with Cancel and Log Out when signed in; Log In, and Sign Up when
 * sign-up is available, when signed out. On small screens the panel is a bottom sheet with full-width buttons.
 */
export function AccountMenu() {
  const { t } = useT();
  const session = useAtomValue(sessionAtom);
  const config = useAtomValue(configAtom);
  const [location, navigate] = useLocation();
  const claims = session.authenticated ? session.claims : null;
  const canSignUp = signupAvailable(config);
  const loginHref = `/login?redirect=${encodeURIComponent(currentRedirect(location))}`;
  // Signing out discards the actions made offline that are still waiting: ask first.
  const waiting = useAtomValue(outboxAtom).length;
  const [confirming, setConfirming] = useState(false);
  const signOut = () => (waiting > 0 ? setConfirming(true) : void logOut(navigate));

  return (
    <>
      <ConfirmDialog
        open={confirming}
        title={t('LogOut')}
        message={t('LogoutDiscardsPending', { count: waiting })}
        confirmLabel={t('LogOutAnyway')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void logOut(navigate);
        }}
      />
      <Popover className="relative">
        {({ open }) => (
          <>
            <PopoverButton
              aria-label={claims ? t('AccountMenuOf', { name: claims.name || claims.preferred_username || '' }) : t('AccountMenu')}
              className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/15"
            >
              <Avatar claims={claims} size={34} />
            </PopoverButton>
            {/* On a phone the panel is a bottom sheet over a dimmed page; a click outside closes it. */}
            {open && <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/30 sm:hidden" />}
            <PopoverPanel
              focus
              role="dialog"
              aria-label={t('AccountMenu')}
              className="fixed inset-x-0 bottom-0 z-50 rounded-t-xl bg-white p-4 text-gray-900 shadow-2xl ring-1 ring-black/10 sm:absolute sm:inset-x-auto sm:bottom-auto sm:right-0 sm:top-full sm:mt-2 sm:w-80 sm:rounded-lg dark:bg-gray-800 dark:text-gray-100 dark:ring-white/10"
            >
              {({ close }) =>
                claims ? (
                  <div>
                    <ProfileCard claims={claims} />
                    <div className="mt-4 flex flex-col-reverse gap-2 border-t border-gray-200 pt-3 sm:flex-row sm:justify-end dark:border-gray-700">
                      <Button className="w-full sm:w-auto" onClick={() => close()}>
                        {t('Cancel')}
                      </Button>
                      <Button
                        variant="primary"
                        icon="logout"
                        className="w-full sm:w-auto"
                        onClick={() => {
                          close();
                          signOut();
                        }}
                      >
                        {t('LogOut')}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <div>
                    <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">{t('NotSignedIn')}</p>
                    <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                      <Button
                        variant="primary"
                        className="w-full sm:w-auto"
                        onClick={() => {
                          close();
                          navigate(loginHref);
                        }}
                      >
                        {t('LogIn')}
                      </Button>
                      {canSignUp && (
                        <Button
                          className="w-full sm:w-auto"
                          onClick={() => {
                            close();
                            navigate('/signup');
                          }}
                        >
                          {t('SignUp')}
                        </Button>
                      )}
                    </div>
                  </div>
                )
              }
            </PopoverPanel>
          </>
        )}
      </Popover>
    </>
  );
}
