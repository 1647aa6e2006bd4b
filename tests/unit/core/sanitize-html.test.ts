// The alert-HTML sanitiser, checked the way a browser will read its output: each result is parsed with parse5 (the
// HTML standard's parsing algorithm, as browsers implement it) as the content of a <span>, and the tree must hold
// only allowed elements and attributes, only safe links, and read back to the same string when sanitised again.
import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { decodeReferences, sanitizeHtml } from '../../../src/core/sanitize-html.ts';
import { ALLOWED_ATTR, ALLOWED_TAGS, isSafeHttpUrl, LINK_REL, LINK_TARGET } from '../../../src/core/sanitize-policy.ts';
import { HOSTILE_HTML, hostileMarkup } from '../../hostile-html.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

function elements(node: Node): Element[] {
  const children = 'childNodes' in node ? node.childNodes : [];
  const content = node.nodeName === 'template' ? [(node as DefaultTreeAdapterMap['template']).content] : [];
  return [...children, ...content].flatMap((child) => ('tagName' in child ? [child, ...elements(child)] : elements(child)));
}

/** How a browser reads `html` inserted into a <span>: every element, with its attributes. */
function browserView(html: string) {
  const span = parseFragment(`<span>${html}</span>`);
  return elements(span).slice(1); // without the span itself
}

/** What would be a hole: anything but the allow-list, any handler or style, any link that is not http(s) or mailto. */
function holes(html: string): string[] {
  const found: string[] = [];
  for (const el of browserView(html)) {
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`foreign ${el.tagName}`);
    if (!ALLOWED_TAGS.includes(el.tagName)) found.push(`element ${el.tagName}`);
    for (const attr of el.attrs) {
      if (![...ALLOWED_ATTR, 'target', 'rel'].includes(attr.name)) found.push(`attribute ${el.tagName}.${attr.name}`);
      if (attr.name === 'href' && !(isSafeHttpUrl(attr.value) || /^mailto:/i.test(attr.value))) found.push(`link ${attr.value}`);
      if (attr.name === 'href' && el.tagName !== 'a') found.push(`href on ${el.tagName}`);
    }
    if (el.tagName === 'a' && el.attrs.some((a) => a.name === 'href')) {
      const get = (n: string) => el.attrs.find((a) => a.name === n)?.value;
      if (get('target') !== LINK_TARGET || get('rel') !== LINK_REL) found.push('link without target/rel');
    }
  }
  return found;
}


describe('sanitizeHtml', () => {
  it.each(HOSTILE_HTML)('leaves nothing that could run or mislead: %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(holes(clean)).toEqual([]);
    // Sanitising again changes nothing: the output already is what the browser will read.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps formatting, and links that open safely in a new tab', () => {
    expect(sanitizeHtml('<b>bold</b> and <a href="https://runbooks.example.com/disk">runbook</a>')).toBe(
      `<b>bold</b> and <a href="https://runbooks.example.com/disk" target="${LINK_TARGET}" rel="${LINK_REL}">runbook</a>`,
    );
    expect(sanitizeHtml('<UL><LI>one<li>two</UL>')).toBe('<ul><li>one<li>two</li></li></ul>');
    expect(sanitizeHtml('line<br/>next<BR>last<hr>')).toBe('line<br>next<br>last<hr>');
    expect(sanitizeHtml('<a href="mailto:ops@example.com">mail</a>')).toBe(
      `<a href="mailto:ops@example.com" target="${LINK_TARGET}" rel="${LINK_REL}">mail</a>`,
    );
    expect(sanitizeHtml('<table><tr><td colspan="2" title="t">x</td></tr></table>')).toBe('<table><tr><td title="t" colspan="2">x</td></tr></table>');
  });

  it('removes disallowed tags but keeps their text; removes scripts, styles and foreign content with theirs', () => {
    expect(sanitizeHtml('<font color=red>red</font> <center>mid</center>')).toBe('red mid');
    expect(sanitizeHtml('<form action="https://evil.example/steal"><input name="password"><button>Log in</button></form>')).toBe('Log in');
    expect(sanitizeHtml('a<script>alert(1)</script>b<style>p{}</style>c<svg><text>t</text></svg>d<math><mi>x</mi></math>e')).toBe('abcde');
    expect(sanitizeHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toBe('"&gt;');
  });

  it('drops handlers, styles, ids, classes and unsafe links but keeps the element', () => {
    expect(sanitizeHtml('<a href="https://ok.example" onclick="alert(1)" style="color:red" id="location">clobber</a>')).toBe(
      `<a href="https://ok.example" target="${LINK_TARGET}" rel="${LINK_REL}">clobber</a>`,
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">js</a>')).toBe('<a>js</a>');
    expect(sanitizeHtml('<a href="java&#x09;script:alert(1)">js</a>')).toBe('<a>js</a>');
    expect(sanitizeHtml('<td colspan="2 onmouseover=alert(1)">cell</td>')).toBe('<td>cell</td>');
  });

  it('writes a link back exactly as it was checked', () => {
    expect(sanitizeHtml('<a href="https://ok.example/?q=1&amp;r=2&#38;s=3">q</a>')).toBe(
      `<a href="https://ok.example/?q=1&amp;r=2&amp;s=3" target="${LINK_TARGET}" rel="${LINK_REL}">q</a>`,
    );
    // A reference it does not know stays as written: the browser reads the same characters.
    const [link] = browserView(sanitizeHtml('<a href="https://ok.example/&hellip;">q</a>'));
    expect(link?.attrs.find((a) => a.name === 'href')?.value).toBe('https://ok.example/&hellip;');
  });

  it('keeps text as text: angle brackets escaped, character references as written', () => {
    expect(sanitizeHtml('disk < 5% & load > 3')).toBe('disk &lt; 5% & load &gt; 3');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &eacute;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &eacute;');
    expect(sanitizeHtml('<b title="a &quot;quoted&quot; <title>">t</b>')).toBe('<b title="a &quot;quoted&quot; &lt;title&gt;">t</b>');
  });

  it('balances what it keeps, so one cell’s markup never spills into the next', () => {
    expect(sanitizeHtml('<b><i>open')).toBe('<b><i>open</i></b>');
    expect(sanitizeHtml('<b><i>x</b>y</i>')).toBe('<b><i>x</i></b>y');
    expect(sanitizeHtml('</b>stray</div>')).toBe('stray');
  });

  it('drops a tag or comment cut off by the end of the input, as a browser does', () => {
    expect(sanitizeHtml('ok <b title="never closed')).toBe('ok ');
    expect(sanitizeHtml('ok <a href=https://x.example')).toBe('ok ');
    expect(sanitizeHtml('ok <!-- never closed <b>x</b>')).toBe('ok ');
    expect(sanitizeHtml('ok <script>never closed')).toBe('ok ');
  });

  it('reads `<` that starts no tag as text', () => {
    expect(sanitizeHtml('a < b, c <= d, <3 and <>')).toBe('a &lt; b, c &lt;= d, &lt;3 and &lt;&gt;');
  });

  it('handles giant input in one pass', () => {
    const many = '<b>x'.repeat(50_000) + '<style>'.repeat(1000) + '<!--'.repeat(1000);
    const clean = sanitizeHtml(many);
    expect(clean.startsWith('<b>x<b>x')).toBe(true);
    expect(clean.endsWith('</b>'.repeat(3))).toBe(true);
    expect(sanitizeHtml('<a title="'.repeat(20_000))).toBe('');
  });

  it('holds for any mix of markup fragments', () => {
    fc.assert(
      fc.property(hostileMarkup, (input) => {
        const clean = sanitizeHtml(input);
        expect(holes(clean)).toEqual([]);
        expect(sanitizeHtml(clean)).toBe(clean);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('decodeReferences', () => {
  it('decodes numeric references with or without the semicolon, and the named ones a link uses', () => {
    expect(decodeReferences('&#106;&#x61&#X76;a&colon;&Tab;&NewLine;&amp;&AMP;')).toBe('java:\t\n&&');
  });

  it('leaves unknown names and wrong case as written, and replaces impossible code points', () => {
    expect(decodeReferences('&hellip; &COLON; &tab;')).toBe('&hellip; &COLON; &tab;');
    expect(decodeReferences('&#0;&#xD800;&#x110000;')).toBe('\ufffd\ufffd\ufffd');
  });
});
