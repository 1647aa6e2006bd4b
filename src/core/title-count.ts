// The document title's count of the alerts that need attention (the count itself is attentionCount, ./notify.ts). On
// its own so that the shell, which sets the title, does not load the notification rules with it.

const COUNT_PREFIX = /^\(\d+\+?\) /;

/** The page title with "(N) " in front when N > 0 (any earlier prefix replaced); 1000 and more show as "(999+)". */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(COUNT_PREFIX, '');
  if (!Number.isFinite(count) || count <= 0) return bare;
  return `(${count > 999 ? '999+' : Math.floor(count)}) ${bare}`;
}
