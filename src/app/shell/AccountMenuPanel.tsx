// The avatar menu's popover, loaded on the first press of the avatar (AccountMenu.tsx).
import { useRef } from 'react';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import type { TokenClaims } from '../../core/types.ts';
import { signupAvailable } from '../../core/providers.ts';
import { configAtom } from '../state/session.ts';
import { useT } from '../state/i18n.ts';
import { Button } from '../components/Button.tsx';
import { LATER_ICONS } from '../components/later-icons.ts';
import { useOpenOnMount, type Activation } from '../components/deferred.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { ProfileCard } from '../components/ProfileCard.tsx';

/** The path to come back to after signing in: where the user is now, unless that is an auth page. */
function currentRedirect(location: string): string {
  const here = location + window.location.search;
  return /^\/(login|signup|logout|forgot|reset|confirm)\b/.test(location) ? '/alerts' : here;
}

/**
 * The avatar menu: the profile card with Cancel and Log Out when signed in; Log In, and Sign Up when
 * sign-up is available, when signed out. On small screens the panel is a bottom sheet with full-width buttons.
 */
export default function AccountMenuPanel({
  claims,
  label,
  buttonClassName,
  signOut,
  activation,
}: {
  claims: TokenClaims | null;
  label: string;
  buttonClassName: string;
  signOut: () => void;
  activation: Activation;
}) {
  const { t } = useT();
  const config = useAtomValue(configAtom);
  const [location, navigate] = useLocation();
  const canSignUp = signupAvailable(config);
  const loginHref = `/login?redirect=${encodeURIComponent(currentRedirect(location))}`;
  const button = useRef<HTMLButtonElement>(null);
  useOpenOnMount(button, activation === 'keyboard' ? 'pointer' : activation);

  return (
    <>
      <Popover className="relative">
        {({ open }) => (
          <>
            <PopoverButton ref={button} aria-label={label} className={buttonClassName}>
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
                        icon={LATER_ICONS.logout}
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
