// Whether the console's address may carry an identity provider's answer: the one test the console's start makes, so the
// redirect page's code (sign-in-watch.ts, src/app/sign-in-return.ts) is loaded only when it may be needed. Kept apart
// from those so the shell carries nothing else of them.

/** True for an address with a `code` or `error` parameter, in the query or the fragment. */
export function mayCarrySignInAnswer(search: string, hash: string): boolean {
  return /[?&#](code|error)=/.test(`${search}${hash}`);
}
