// Postgres regular expressions (ARE), as the real server applies them with ~* to phrases, wildcards and /regex/
// terms: which patterns it refuses and why (its messages), and the JavaScript/RE2 spelling of the ones it takes.

/**
 * Why Postgres refuses a pattern ('brackets [] not balanced', ...), or null when it takes it. Covers the mistakes
 * people make (unbalanced (), [], {}, a quantifier with nothing before it, a trailing backslash, a back-reference to
 * a group that is not there); other patterns are checked by the JavaScript engine, which is close to ARE.
 */
export function regexProblem(pattern: string): string | null {
  let parens = 0;
  let groups = 0;
  let i = 0;
  let atomBefore = false;
  const backrefs: number[] = [];
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      if (i + 1 >= pattern.length) return 'invalid escape \\ sequence';
      const next = pattern[i + 1]!;
      if (/[1-9]/.test(next)) backrefs.push(Number(next));
      i += 2;
      atomBefore = true;
      continue;
    }
    if (ch === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') {
        if (pattern[j] === '[' && /[:.=]/.test(pattern[j + 1] ?? '')) {
          const close = pattern.indexOf(`${pattern[j + 1]}]`, j + 2);
          if (close < 0) return 'brackets [] not balanced';
          j = close + 2;
          continue;
        }
        j++;
      }
      if (j >= pattern.length) return 'brackets [] not balanced';
      i = j + 1;
      atomBefore = true;
      continue;
    }
    if (ch === '(') {
      parens++;
      if (pattern[i + 1] !== '?') groups++;
      i += pattern[i + 1] === '?' && pattern[i + 2] === ':' ? 3 : 1;
      atomBefore = false;
      continue;
    }
    if (ch === ')') {
      if (parens === 0) return 'parentheses () not balanced';
      parens--;
      i++;
      atomBefore = true;
      continue;
    }
    if (ch === '|') {
      i++;
      atomBefore = false;
      continue;
    }
    if (ch === '*' || ch === '+' || ch === '?' || ch === '{') {
      if (ch === '{') {
        const m = /^\{(\d*)(,(\d*))?\}/.exec(pattern.slice(i));
        if (!m) return pattern.indexOf('}', i) < 0 ? 'braces {} not balanced' : 'invalid repetition count(s)';
        if (m[1] === '' || (m[3] !== undefined && m[3] !== '' && Number(m[3]) < Number(m[1]))) return 'invalid repetition count(s)';
        if (!atomBefore) return 'quantifier operand invalid';
        i += m[0].length;
      } else {
        if (!atomBefore) return 'quantifier operand invalid';
        i++;
      }
      // a second quantifier may follow only as the lazy '?'
      if (pattern[i] === '?') i++;
      if (/[*+{]/.test(pattern[i] ?? '') || (pattern[i] === '?' && pattern[i - 1] !== '?')) return 'quantifier operand invalid';
      atomBefore = false;
      continue;
    }
    i++;
    atomBefore = true;
  }
  if (parens > 0) return 'parentheses () not balanced';
  if (backrefs.some((n) => n > groups)) return 'invalid backreference number';
  try {
    new RegExp(jsRegexSource(pattern), 'isu');
  } catch {
    return 'invalid regular expression';
  }
  return null;
}

/**
 * The pattern in JavaScript / RE2 syntax: ARE's word-boundary escapes \y \Y \m \M become \b \B, \A \Z become the
 * start and end of the text. Matching is case-insensitive and . matches line breaks, as with ~*.
 */
export function jsRegexSource(pattern: string): string {
  return pattern.replace(/\\([yYmMAZ])|\\./g, (m: string, esc?: string) => {
    if (!esc) return m;
    if (esc === 'y' || esc === 'm' || esc === 'M') return '\\b';
    if (esc === 'Y') return '\\B';
    return esc === 'A' ? '^' : '$';
  });
}
