// The router base (history mode, as the old console): the config's base_path when set, else the build's base URL.

/** "/console/" or "console" → "/console"; "" or "/" → "" (wouter wants no trailing slash). */
export function normaliseBase(path: string | null | undefined): string {
  const trimmed = (path ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

export function routerBase(configBasePath: string | null | undefined, buildBase: string): string {
  return configBasePath != null && configBasePath.trim() !== '' ? normaliseBase(configBasePath) : normaliseBase(buildBase);
}
