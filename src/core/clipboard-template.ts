// The config's clipboard_template, rendered without a template engine that can reach code.
//
// The old console rendered it with Nunjucks (`nunjucks.renderString(template, alert)`), so existing configs name the
// alert's fields at the top level (`[{{environment | upper}}] {{text}}`); `alert.x` works too. Nunjucks compiles
// templates to JavaScript and lets them walk prototypes (`{{ x.constructor.constructor('...')() }}` runs code), and
// weighs 200 KB. This renderer interprets a small Jinja subset instead: values are looked up only among the own
// properties of the alert's plain data, nothing can be called except the filters listed in FILTERS, and anything it
// does not understand is copied as literal text. It never throws.
//
// Differences from Nunjucks, on purpose: the output is plain text (no HTML escaping: it goes to the clipboard, not a
// page); an empty list or object is false in `if` (as in Jinja, which is what templates written for the Python server
// assume); `default` also replaces null (the API sends null for a missing customer or raw data); objects print as JSON
// instead of "[object Object]".
//
// This file runs the parsed template against the alert, within output and loop budgets. The language itself lives
// in the clipboard-template-* files beside it: values, filters, expressions and template structure.

import type { Expr } from './clipboard-template-expr.ts';
import { FILTERS } from './clipboard-template-filters.ts';
import { split, TemplateParser, type Node } from './clipboard-template-parse.ts';
import { FORBIDDEN_KEYS, isMissing, isPlainObject, json, member, safeValue, toNumber, toText, truthy, type Value } from './clipboard-template-values.ts';

/** Upper bounds that keep a hostile or careless template from freezing the page. */
const MAX_LOOP_ITERATIONS = 100_000;
const MAX_OUTPUT_CHARS = 1_000_000;

class Scope {
  private vars = new Map<string, Value>();
  constructor(
    private parent: Scope | null,
    private root: Record<string, unknown> | null = null,
  ) {}
  child(): Scope {
    return new Scope(this);
  }
  set(name: string, v: Value) {
    this.vars.set(name, v);
  }
  get(name: string): Value {
    if (this.vars.has(name)) return this.vars.get(name);
    if (this.parent) return this.parent.get(name);
    if (this.root) return name === 'alert' ? this.root : member(this.root, name);
    return undefined;
  }
}

class Budget extends Error {}

class Renderer {
  private out = '';
  private iterations = 0;

  run(nodes: Node[], scope: Scope): string {
    try {
      this.nodes(nodes, scope);
    } catch (error) {
      if (!(error instanceof Budget)) throw error;
    }
    return this.out.slice(0, MAX_OUTPUT_CHARS);
  }

  private emit(s: string) {
    this.out += s;
    if (this.out.length > MAX_OUTPUT_CHARS) throw new Budget();
  }

  private nodes(nodes: Node[], scope: Scope) {
    for (const n of nodes) {
      switch (n.k) {
        case 'text':
          this.emit(n.text);
          break;
        case 'out':
          this.emit(toText(this.eval(n.expr, scope)));
          break;
        case 'set':
          scope.set(n.name, this.eval(n.value, scope));
          break;
        case 'if': {
          const hit = n.branches.find((b) => truthy(this.eval(b.test, scope)));
          this.nodes(hit ? hit.body : n.otherwise, scope);
          break;
        }
        case 'for':
          this.loop(n, scope);
          break;
      }
    }
  }

  private loop(n: Extract<Node, { k: 'for' }>, scope: Scope) {
    const it = this.eval(n.iter, scope);
    let rows: Value[][];
    if (Array.isArray(it)) rows = it.map((v) => (n.vars.length === 2 && Array.isArray(v) ? [v[0], v[1]] : [safeValue(v)]));
    else if (isPlainObject(it)) rows = Object.keys(it).filter((k) => !FORBIDDEN_KEYS.has(k)).map((k) => [k, member(it, k)]);
    else if (typeof it === 'string') rows = Array.from(it).map((c) => [c]);
    else rows = [];
    if (rows.length === 0) {
      this.nodes(n.otherwise, scope);
      return;
    }
    rows.forEach((row, index) => {
      this.iterations += 1;
      if (this.iterations > MAX_LOOP_ITERATIONS) throw new Budget();
      const inner = scope.child();
      n.vars.forEach((name, i) => inner.set(name, row[i]));
      inner.set('loop', {
        index: index + 1,
        index0: index,
        revindex: rows.length - index,
        revindex0: rows.length - index - 1,
        first: index === 0,
        last: index === rows.length - 1,
        length: rows.length,
      });
      this.nodes(n.body, inner);
    });
  }

  private eval(e: Expr, scope: Scope): Value {
    switch (e.k) {
      case 'lit':
        return e.v;
      case 'name':
        return FORBIDDEN_KEYS.has(e.name) ? undefined : scope.get(e.name);
      case 'list':
        return e.items.map((x) => this.eval(x, scope));
      case 'member':
        return member(this.eval(e.obj, scope), this.eval(e.key, scope));
      case 'pairs': {
        const obj = this.eval(e.obj, scope);
        if (!isPlainObject(obj)) return [];
        const keys = Object.keys(obj).filter((k) => !FORBIDDEN_KEYS.has(k));
        if (e.which === 'keys') return keys;
        if (e.which === 'values') return keys.map((k) => member(obj, k));
        return keys.map((k) => [k, member(obj, k)]);
      }
      case 'filter': {
        const f = FILTERS.get(e.name);
        return f ? f(this.eval(e.value, scope), e.args.map((a) => this.eval(a, scope))) : undefined;
      }
      case 'not':
        return !truthy(this.eval(e.e, scope));
      case 'neg':
        return -toNumber(this.eval(e.e, scope));
      case 'cond':
        return truthy(this.eval(e.test, scope)) ? this.eval(e.then, scope) : e.else ? this.eval(e.else, scope) : undefined;
      case 'test':
        return e.negate !== runTest(e.test, this.eval(e.e, scope));
      case 'bin':
        return this.binary(e.op, e.a, e.b, scope);
    }
  }

  private binary(op: string, ae: Expr, be: Expr, scope: Scope): Value {
    if (op === 'and') {
      const a = this.eval(ae, scope);
      return truthy(a) ? this.eval(be, scope) : a;
    }
    if (op === 'or') {
      const a = this.eval(ae, scope);
      return truthy(a) ? a : this.eval(be, scope);
    }
    const a = this.eval(ae, scope);
    const b = this.eval(be, scope);
    switch (op) {
      case '~':
        return toText(a) + toText(b);
      case '+':
        return typeof a === 'string' || typeof b === 'string' ? toText(a) + toText(b) : toNumber(a) + toNumber(b);
      case '-':
        return toNumber(a) - toNumber(b);
      case '*':
        return toNumber(a) * toNumber(b);
      case '/':
        return toNumber(a) / toNumber(b);
      case '%':
        return toNumber(a) % toNumber(b);
      case '==':
        return looseEqual(a, b);
      case '!=':
        return !looseEqual(a, b);
      case '<':
      case '>':
      case '<=':
      case '>=':
        return compare(op, a, b);
      case 'in':
        if (Array.isArray(b)) return b.some((x) => looseEqual(x, a));
        if (typeof b === 'string') return b.includes(toText(a));
        if (isPlainObject(b)) return typeof a === 'string' && !FORBIDDEN_KEYS.has(a) && Object.prototype.hasOwnProperty.call(b, a);
        return false;
    }
    return undefined;
  }
}

function looseEqual(a: Value, b: Value): boolean {
  if (isMissing(a) && isMissing(b)) return true;
  if (typeof a === 'number' && typeof b === 'string') return a === Number(b) && b.trim() !== '';
  if (typeof a === 'string' && typeof b === 'number') return Number(a) === b && a.trim() !== '';
  return a === b;
}

function compare(op: string, a: Value, b: Value): boolean {
  const both = typeof a === 'string' && typeof b === 'string';
  const x = both ? a : toNumber(a);
  const y = both ? b : toNumber(b);
  if (op === '<') return x < y;
  if (op === '>') return x > y;
  if (op === '<=') return x <= y;
  return x >= y;
}

function runTest(test: string, v: Value): boolean {
  switch (test) {
    case 'defined':
      return v !== undefined;
    case 'undefined':
      return v === undefined;
    case 'none':
      return v === null;
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number';
    case 'sequence':
      return Array.isArray(v) || typeof v === 'string';
    case 'mapping':
      return isPlainObject(v);
  }
  return false;
}

/**
 * Renders a clipboard template against one alert. The alert's fields are reachable by name (`{{ resource }}`, as in
 * the old console) and through `alert` (`{{ alert.resource }}`); nothing else is. Never throws: syntax it does not
 * understand is copied as written.
 */
export function renderClipboardTemplate(template: string, alert: object): string {
  try {
    // A structured copy of plain data: whatever the caller passes, the template sees only JSON values.
    const data = JSON.parse(json(alert) || '{}') as unknown;
    const root = isPlainObject(data) ? data : {};
    const nodes = new TemplateParser(split(String(template ?? ''))).parseAll();
    return new Renderer().run(nodes, new Scope(null, root));
  } catch {
    // Only a bug could land here; the user still gets their template's text rather than an exception.
    return String(template ?? '');
  }
}
