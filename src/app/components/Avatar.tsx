import type { TokenClaims } from '../../core/types.ts';
import { Icon } from './Icon.tsx';
import { initialsOf } from './chips.ts';

/** The user's picture, or their initials, or a person icon when nobody is signed in. */
export function Avatar({ claims, size = 36 }: { claims: TokenClaims | null; size?: number }) {
  const name = claims?.name || claims?.preferred_username || '';
  const picture = claims?.picture && /^https?:\/\//i.test(claims.picture) ? claims.picture : null;
  if (picture)
    return <img src={picture} alt="" width={size} height={size} className="shrink-0 rounded-full bg-white object-cover" referrerPolicy="no-referrer" />;
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent font-bold text-gray-900"
    >
      {claims ? initialsOf(name) : <Icon name="person" size={size * 0.6} />}
    </span>
  );
}
