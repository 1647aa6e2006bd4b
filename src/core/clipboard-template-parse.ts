// The structure of a clipboard template: the text cut into text, `{{ }}` and `{% %}` pieces (comments, `raw` and
// whitespace control handled there), then parsed into text, output, if, for and set nodes. A tag the parser cannot
// use (unclosed, unreadable, stray) stays in the output as the text it was.

import { ExprParser, MAX_NESTING, type Expr } from './clipboard-template-expr.ts';

export type Node =
  | { k: 'text'; text: string }
  | { k: 'out'; expr: Expr }
  | { k: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] }
  | { k: 'for'; vars: string[]; iter: Expr; body: Node[]; otherwise: Node[] }
  | { k: 'set'; name: string; value: Expr };

type Piece =
  | { k: 'text'; text: string }
  | { k: 'out'; body: string; raw: string }
  | { k: 'tag'; body: string; raw: string };

/** Where a tag opened at `from` ends (index after the closer), skipping closers inside quoted strings. */
function findClose(src: string, from: number, closer: string): number {
  let quote: string | null = null;
  for (let i = from; i < src.length; i += 1) {
    const c = src[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (src.startsWith(closer, i)) return i + closer.length;
  }
  return -1;
}

const OPEN_RE = /\{[{%#]/g;

export function split(src: string): Piece[] {
  const pieces: Piece[] = [];
  let text = '';
  let stripNext = false;
  const pushText = (s: string) => {
    text += stripNext ? s.replace(/^\s+/, '') : s;
    stripNext = false;
  };
  let i = 0;
  while (i < src.length) {
    OPEN_RE.lastIndex = i;
    const found = OPEN_RE.exec(src);
    if (!found) {
      pushText(src.slice(i));
      break;
    }
    const at = found.index;
    pushText(src.slice(i, at));
    const kind = src[at + 1];
    const closer = kind === '{' ? '}}' : kind === '%' ? '%}' : '#}';
    const end = kind === '#' ? (src.indexOf('#}', at + 2) < 0 ? -1 : src.indexOf('#}', at + 2) + 2) : findClose(src, at + 2, closer);
    if (end < 0) {
      // An unclosed tag is text, like everything the renderer does not understand.
      pushText(src.slice(at));
      break;
    }
    const raw = src.slice(at, end);
    let inner = raw.slice(2, -2);
    const lstrip = inner.startsWith('-');
    const rstrip = inner.endsWith('-') && inner.length > (lstrip ? 1 : 0);
    if (lstrip) inner = inner.slice(1);
    if (rstrip) inner = inner.slice(0, -1);
    if (lstrip) text = text.replace(/\s+$/, '');
    if (text) pieces.push({ k: 'text', text });
    text = '';
    i = end;
    if (kind === '%' && /^\s*raw\s*$/.test(inner)) {
      // {% raw %} ... {% endraw %}: the content is copied verbatim.
      const re = /\{%-?\s*endraw\s*-?%\}/g;
      re.lastIndex = end;
      const m = re.exec(src);
      if (m) {
        pieces.push({ k: 'text', text: src.slice(end, m.index) });
        i = m.index + m[0].length;
        stripNext = m[0].endsWith('-%}');
        continue;
      }
    }
    if (kind === '{') pieces.push({ k: 'out', body: inner, raw });
    else if (kind === '%') pieces.push({ k: 'tag', body: inner.trim(), raw });
    stripNext = rstrip;
  }
  if (text) pieces.push({ k: 'text', text });
  return pieces;
}

function keyword(body: string): { word: string; rest: string } {
  const m = /^([a-z]+)\b\s*([\s\S]*)$/.exec(body);
  return m ? { word: m[1] ?? '', rest: m[2] ?? '' } : { word: '', rest: body };
}

const CLOSER_WORDS: ReadonlySet<string> = new Set(['elif', 'elseif', 'else', 'endif', 'endfor']);

const IF_STOPS: readonly string[] = ['elif', 'elseif', 'else', 'endif'];
const FOR_STOPS: readonly string[] = ['else', 'endfor'];

/**
 * How often, at most, the parser may look at each piece of a template: an opening tag whose end never comes is
 * turned back into text and what follows it parsed again, and a template of many such tags would be read again and
 * again (`{% if x %}` 2,000 times took 127 ms, 500 times 11 ms). Past this budget the rest of the template is text.
 */
const PARSE_VISITS_PER_PIECE = 8;

export class TemplateParser {
  private i = 0;
  private unclosed = new Set<number>();
  private visits = 0;
  private readonly budget: number;
  constructor(private pieces: Piece[]) {
    this.budget = PARSE_VISITS_PER_PIECE * pieces.length + 4096;
  }

  parseAll(): Node[] {
    const nodes: Node[] = [];
    while (this.i < this.pieces.length) {
      const r = this.block(nodes, null, 0);
      if (r) nodes.push({ k: 'text', text: r.raw }); // a stray elif/else/endif/endfor: text
    }
    return nodes;
  }

  /**
   * Parses pieces into `into` until one of `stops` (returned, consumed) or the end (null). An opening tag whose end
   * never comes is turned back into text, with what followed it parsed as ordinary content.
   */
  private block(into: Node[], stops: readonly string[] | null, depth: number): { word: string; rest: string; raw: string } | null {
    while (this.i < this.pieces.length) {
      if (++this.visits > this.budget) {
        // Read enough: the rest is text, as written (each enclosing block then fails once and does the same).
        for (; this.i < this.pieces.length; this.i++) {
          const p = this.pieces[this.i] as Piece;
          into.push({ k: 'text', text: p.k === 'text' ? p.text : p.raw });
        }
        return null;
      }
      const at = this.i;
      const p = this.pieces[at] as Piece;
      this.i += 1;
      if (p.k === 'text') {
        into.push({ k: 'text', text: p.text });
        continue;
      }
      if (p.k === 'out') {
        into.push(this.output(p));
        continue;
      }
      const { word, rest } = keyword(p.body);
      if (stops ? stops.includes(word) : CLOSER_WORDS.has(word)) return { word, rest, raw: p.raw };
      if ((word === 'if' || word === 'for') && depth < MAX_NESTING && !this.unclosed.has(at)) {
        const node = word === 'if' ? this.ifBlock(rest, depth) : this.forBlock(rest, depth);
        if (node) {
          into.push(node);
          continue;
        }
        // Not closed, or a header we cannot read: the tag is text and parsing resumes right after it. Whether a block
        // starting here closes does not depend on what encloses it, so the answer is remembered (no re-parsing storm).
        this.unclosed.add(at);
        this.i = at + 1;
      } else if (word === 'set') {
        try {
          const { name, value } = ExprParser.parseSet(rest);
          into.push({ k: 'set', name, value });
          continue;
        } catch {
          // text, below
        }
      }
      into.push({ k: 'text', text: p.raw });
    }
    return null;
  }

  private output(p: { body: string; raw: string }): Node {
    try {
      return { k: 'out', expr: ExprParser.parse(p.body) };
    } catch {
      return { k: 'text', text: p.raw };
    }
  }

  private ifBlock(header: string, depth: number): Node | null {
    let test: Expr;
    try {
      test = ExprParser.parse(header);
    } catch {
      return null;
    }
    const branches: { test: Expr; body: Node[] }[] = [];
    let body: Node[] = [];
    let stop = this.block(body, IF_STOPS, depth + 1);
    branches.push({ test, body });
    while (stop && (stop.word === 'elif' || stop.word === 'elseif')) {
      try {
        test = ExprParser.parse(stop.rest);
      } catch {
        return null;
      }
      body = [];
      stop = this.block(body, IF_STOPS, depth + 1);
      branches.push({ test, body });
    }
    const otherwise: Node[] = [];
    if (stop && stop.word === 'else') stop = this.block(otherwise, ['endif'], depth + 1);
    if (!stop || stop.word !== 'endif') return null;
    return { k: 'if', branches, otherwise };
  }

  private forBlock(header: string, depth: number): Node | null {
    let parsed: { vars: string[]; iter: Expr };
    try {
      parsed = ExprParser.parseFor(header);
    } catch {
      return null;
    }
    const body: Node[] = [];
    let stop = this.block(body, FOR_STOPS, depth + 1);
    const otherwise: Node[] = [];
    if (stop && stop.word === 'else') stop = this.block(otherwise, ['endfor'], depth + 1);
    if (!stop || stop.word !== 'endfor') return null;
    return { k: 'for', vars: parsed.vars, iter: parsed.iter, body, otherwise };
  }
}
