/**
 * The path the browser asked for, relative to the base path: an old console's hash-style `/#/x` link counts as `/x`;
 * the hash of a normal page (the alerts filter state) is kept so a redirect through /login brings it back.
 */
export function requestedPath(location: string, search: string, hash: string): string {
  if (location === '/' && hash.startsWith('#/')) return `/${hash}`;
  return location + (search ? `?${search}` : '') + hash;
}
