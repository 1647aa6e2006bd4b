// What a failed social sign-in tells the user: a sentence in their language saying what failed, with the server's
// or provider's own text kept for a "Details" disclosure (it is what an administrator needs, and means little to
// anyone else). The texts matched are those of the Alerta server 9.1.0 (alerta/auth/oidc.py, github.py, utils.py).
import type { SignInAnswer } from './oauth.ts';

export type SignInProblemKey =
  /** the browser got no answer from the provider */
  | 'SsoNoAnswer'
  /** the Alerta server could not reach the provider to exchange the code */
  | 'SsoServerCannotReach'
  /** the Alerta server's SSO settings are wrong (issuer, client secret, claims) */
  | 'SsoServerSetup'
  /** the provider did not accept the code (expired, used, for another redirect address) */
  | 'SsoCodeRefused'
  /** the account signed in at the provider but Alerta does not let it in */
  | 'SsoNotAllowed'
  /** the Alerta server has no sign-in route for this provider */
  | 'SsoNoRoute'
  /** the Alerta server itself could not be reached */
  | 'SsoApiDown'
  /** the provider answered the sign-in request with an error */
  | 'SsoProviderRefused'
  | 'AuthNotPossible';

export interface SignInProblem {
  key: SignInProblemKey;
  /** the original text, for the details disclosure ('' when there is nothing more to say) */
  detail: string;
}

/** A failed POST of the code to the Alerta server, as the worker reports it. */
export interface ExchangeFailure {
  kind: string;
  message: string;
  code?: number;
}

const SERVER_CANNOT_REACH = /could not get openid (configuration|jwt key set)|max retries exceeded|connection (refused|error)|timed? ?out/i;
const SERVER_SETUP =
  /issuer|must define|not supported by alerta|must support one of the following openid claims|invalid_client|unauthorized_client|client authentication|client credentials|clientid/i;
const NOT_ALLOWED = /is not (active|authorized)|not active|no customer lookup|not authori[sz]ed/i;
const CODE_REFUSED = /grant|\bcode\b|token|redirect_uri|expired/i;

export function exchangeProblem(error: ExchangeFailure): SignInProblem {
  const detail = error.message.trim();
  if (error.kind === 'network') return { key: 'SsoApiDown', detail };
  if (SERVER_CANNOT_REACH.test(detail)) return { key: 'SsoServerCannotReach', detail };
  if (error.code === 404) return { key: 'SsoNoRoute', detail };
  if (error.code === 403 || NOT_ALLOWED.test(detail)) return { key: 'SsoNotAllowed', detail };
  if (SERVER_SETUP.test(detail)) return { key: 'SsoServerSetup', detail };
  if (CODE_REFUSED.test(detail)) return { key: 'SsoCodeRefused', detail };
  return { key: 'AuthNotPossible', detail };
}

/** The provider's own error answer (anything but `access_denied`, which is the user's choice). */
export function providerProblem(answer: Extract<SignInAnswer, { kind: 'refused' }>): SignInProblem {
  return { key: 'SsoProviderRefused', detail: answer.description ? `${answer.error}: ${answer.description}` : answer.error };
}
