// The profile card's chip lists: at most three chips, then a count of the others.
export const MAX_CHIPS = 3;

export function chipOverflow<T>(items: readonly T[] | null | undefined, max = MAX_CHIPS): { shown: T[]; others: number } {
  const list = items ?? [];
  return { shown: list.slice(0, max), others: Math.max(0, list.length - max) };
}

/** Initials for an avatar without a picture: "Ada Lovelace" → "AL", "ops@acme.example" → "O". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').replace(/@.*$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((w) => Array.from(w as string)[0]?.toUpperCase() ?? '').join('') || '?';
}
