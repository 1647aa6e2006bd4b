// Clipboard template expressions (what sits inside `{{ }}` and after `if`, `for` and `set`): a tokenizer and a
// recursive-descent parser into an expression tree. Anything it cannot read is a SyntaxFail, and the tag is then
// copied as text; the only names it accepts after `|` are the known filters.

import { FILTERS } from './clipboard-template-filters.ts';
import type { Value } from './clipboard-template-values.ts';

/** How deeply expressions and blocks may nest: an upper bound that keeps a hostile or careless template from freezing the page. */
export const MAX_NESTING = 64;

export type Expr =
  | { k: 'lit'; v: Value }
  | { k: 'name'; name: string }
  | { k: 'member'; obj: Expr; key: Expr }
  | { k: 'pairs'; obj: Expr; which: 'items' | 'keys' | 'values' }
  | { k: 'filter'; value: Expr; name: string; args: Expr[] }
  | { k: 'not'; e: Expr }
  | { k: 'neg'; e: Expr }
  | { k: 'bin'; op: string; a: Expr; b: Expr }
  | { k: 'test'; e: Expr; test: string; negate: boolean }
  | { k: 'cond'; test: Expr; then: Expr; else: Expr | null }
  | { k: 'list'; items: Expr[] };

type Tok = { t: 'name' | 'num' | 'str' | 'op'; v: string };

class SyntaxFail extends Error {}

const NAME_RE = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUM_RE = /\d+(\.\d+)?/y;
const OP_RE = /==|!=|<=|>=|[<>|.,()[\]~+\-*/%=]/y;

function matchAt(re: RegExp, src: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(src);
}

function lex(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const name = matchAt(NAME_RE, src, i);
    if (name) {
      toks.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const num = matchAt(NUM_RE, src, i);
    if (num) {
      toks.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let out = '';
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j += 1) {
        if (src[j] === '\\' && j + 1 < src.length) {
          j += 1;
          const e = src[j];
          out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e;
        } else out += src[j];
      }
      if (j >= src.length) throw new SyntaxFail('unterminated string');
      toks.push({ t: 'str', v: out });
      i = j + 1;
      continue;
    }
    const op = matchAt(OP_RE, src, i);
    if (!op) throw new SyntaxFail(`unexpected ${c}`);
    toks.push({ t: 'op', v: op[0] });
    i += op[0].length;
  }
  return toks;
}

export class ExprParser {
  private i = 0;
  private depth = 0;
  constructor(private toks: Tok[]) {}

  static parse(src: string): Expr {
    const p = new ExprParser(lex(src));
    const e = p.expr();
    if (p.i !== p.toks.length) throw new SyntaxFail('trailing tokens');
    return e;
  }

  /** A for-loop header: `x in expr` or `k, v in expr`. */
  static parseFor(src: string): { vars: string[]; iter: Expr } {
    const p = new ExprParser(lex(src));
    const vars = [p.ident()];
    while (p.isOp(',')) {
      p.i += 1;
      vars.push(p.ident());
    }
    if (vars.length > 2 || !p.isName('in')) throw new SyntaxFail('bad for');
    p.i += 1;
    const iter = p.expr();
    if (p.i !== p.toks.length) throw new SyntaxFail('trailing tokens');
    return { vars, iter };
  }

  /** `name = expr` */
  static parseSet(src: string): { name: string; value: Expr } {
    const p = new ExprParser(lex(src));
    const name = p.ident();
    if (!p.isOp('=')) throw new SyntaxFail('bad set');
    p.i += 1;
    const value = p.expr();
    if (p.i !== p.toks.length) throw new SyntaxFail('trailing tokens');
    return { name, value };
  }

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return !!t && t.t === 'op' && t.v === v;
  }
  private isName(v: string): boolean {
    const t = this.peek();
    return !!t && t.t === 'name' && t.v === v;
  }
  private expectOp(v: string) {
    if (!this.isOp(v)) throw new SyntaxFail(`expected ${v}`);
    this.i += 1;
  }
  private ident(): string {
    const t = this.peek();
    if (!t || t.t !== 'name' || KEYWORDS.has(t.v)) throw new SyntaxFail('expected a name');
    this.i += 1;
    return t.v;
  }

  private enter() {
    this.depth += 1;
    if (this.depth > MAX_NESTING) throw new SyntaxFail('too deep');
  }

  expr(): Expr {
    this.enter();
    let e = this.or();
    if (this.isName('if')) {
      this.i += 1;
      const test = this.or();
      let otherwise: Expr | null = null;
      if (this.isName('else')) {
        this.i += 1;
        otherwise = this.expr();
      }
      e = { k: 'cond', test, then: e, else: otherwise };
    }
    this.depth -= 1;
    return e;
  }

  private or(): Expr {
    let a = this.and();
    while (this.isName('or')) {
      this.i += 1;
      a = { k: 'bin', op: 'or', a, b: this.and() };
    }
    return a;
  }

  private and(): Expr {
    let a = this.not();
    while (this.isName('and')) {
      this.i += 1;
      a = { k: 'bin', op: 'and', a, b: this.not() };
    }
    return a;
  }

  private not(): Expr {
    if (this.isName('not')) {
      this.i += 1;
      this.enter();
      const e: Expr = { k: 'not', e: this.not() };
      this.depth -= 1;
      return e;
    }
    return this.compare();
  }

  private compare(): Expr {
    let a = this.concat();
    for (;;) {
      const t = this.peek();
      if (t && t.t === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(t.v)) {
        this.i += 1;
        a = { k: 'bin', op: t.v, a, b: this.concat() };
      } else if (this.isName('in')) {
        this.i += 1;
        a = { k: 'bin', op: 'in', a, b: this.concat() };
      } else if (this.isName('not') && this.toks[this.i + 1]?.t === 'name' && this.toks[this.i + 1]?.v === 'in') {
        this.i += 2;
        a = { k: 'not', e: { k: 'bin', op: 'in', a, b: this.concat() } };
      } else if (this.isName('is')) {
        this.i += 1;
        let negate = false;
        if (this.isName('not')) {
          this.i += 1;
          negate = true;
        }
        const test = this.peek();
        if (!test || test.t !== 'name' || !TESTS.has(test.v)) throw new SyntaxFail('unknown test');
        this.i += 1;
        a = { k: 'test', e: a, test: test.v, negate };
      } else return a;
    }
  }

  private concat(): Expr {
    let a = this.sum();
    while (this.isOp('~')) {
      this.i += 1;
      a = { k: 'bin', op: '~', a, b: this.sum() };
    }
    return a;
  }

  private sum(): Expr {
    let a = this.product();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.peek() as Tok).v;
      this.i += 1;
      a = { k: 'bin', op, a, b: this.product() };
    }
    return a;
  }

  private product(): Expr {
    let a = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const op = (this.peek() as Tok).v;
      this.i += 1;
      a = { k: 'bin', op, a, b: this.unary() };
    }
    return a;
  }

  private unary(): Expr {
    if (this.isOp('-')) {
      this.i += 1;
      this.enter();
      const e: Expr = { k: 'neg', e: this.unary() };
      this.depth -= 1;
      return e;
    }
    return this.filtered();
  }

  private filtered(): Expr {
    let e = this.postfix();
    while (this.isOp('|')) {
      this.i += 1;
      const name = this.ident();
      if (!FILTERS.has(name)) throw new SyntaxFail(`unknown filter ${name}`);
      const args: Expr[] = [];
      if (this.isOp('(')) {
        this.i += 1;
        if (!this.isOp(')')) {
          args.push(this.expr());
          while (this.isOp(',')) {
            this.i += 1;
            args.push(this.expr());
          }
        }
        this.expectOp(')');
      }
      e = { k: 'filter', value: e, name, args };
    }
    return e;
  }

  private postfix(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.isOp('.')) {
        this.i += 1;
        const t = this.peek();
        if (!t || (t.t !== 'name' && t.t !== 'num')) throw new SyntaxFail('expected a field');
        this.i += 1;
        // `.items()`, `.keys()`, `.values()`: the Jinja way to loop over a mapping; the only "calls" allowed.
        if (t.t === 'name' && (t.v === 'items' || t.v === 'keys' || t.v === 'values') && this.isOp('(')) {
          this.i += 1;
          this.expectOp(')');
          e = { k: 'pairs', obj: e, which: t.v };
          continue;
        }
        e = { k: 'member', obj: e, key: { k: 'lit', v: t.t === 'num' ? Number(t.v) : t.v } };
      } else if (this.isOp('[')) {
        this.i += 1;
        const key = this.expr();
        this.expectOp(']');
        e = { k: 'member', obj: e, key };
      } else if (this.isOp('(')) {
        // Any other call is refused: the whole tag is then copied as text.
        throw new SyntaxFail('calls are not allowed');
      } else return e;
    }
  }

  private primary(): Expr {
    const t = this.peek();
    if (!t) throw new SyntaxFail('unexpected end');
    if (t.t === 'num') {
      this.i += 1;
      return { k: 'lit', v: Number(t.v) };
    }
    if (t.t === 'str') {
      this.i += 1;
      return { k: 'lit', v: t.v };
    }
    if (t.t === 'op' && t.v === '(') {
      this.i += 1;
      const e = this.expr();
      this.expectOp(')');
      return e;
    }
    if (t.t === 'op' && t.v === '[') {
      this.i += 1;
      const items: Expr[] = [];
      if (!this.isOp(']')) {
        items.push(this.expr());
        while (this.isOp(',')) {
          this.i += 1;
          items.push(this.expr());
        }
      }
      this.expectOp(']');
      return { k: 'list', items };
    }
    if (t.t === 'name') {
      if (t.v === 'true' || t.v === 'True') return this.take({ k: 'lit', v: true });
      if (t.v === 'false' || t.v === 'False') return this.take({ k: 'lit', v: false });
      if (t.v === 'none' || t.v === 'None' || t.v === 'null') return this.take({ k: 'lit', v: null });
      return { k: 'name', name: this.ident() };
    }
    throw new SyntaxFail(`unexpected ${t.v}`);
  }

  private take(e: Expr): Expr {
    this.i += 1;
    return e;
  }
}

const KEYWORDS: ReadonlySet<string> = new Set(['and', 'or', 'not', 'in', 'is', 'if', 'else', 'true', 'false', 'True', 'False', 'none', 'None', 'null']);
const TESTS: ReadonlySet<string> = new Set(['defined', 'undefined', 'none', 'string', 'number', 'sequence', 'mapping']);
