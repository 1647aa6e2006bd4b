import { describe, expect, it } from 'vitest';
import { renderClipboardTemplate as render } from '../../../src/core/clipboard-template.ts';
import { cpuMsOf } from '../cpu-time.ts';

const alert = {
  id: '6c7a1ed2-1a83-4c5c-9d0c-1e2f3a4b5c6d',
  resource: 'web01',
  event: 'DiskFull',
  environment: 'Production',
  severity: 'major',
  status: 'open',
  service: ['Web', 'Storage'],
  group: 'OS',
  value: '98%',
  text: 'Disk /var is 98% full on web01',
  tags: ['linux', 'watch:ops'],
  attributes: { region: 'eu-west-1', runbook: 'https://wiki.example/disk', nested: { level: 2 } },
  origin: 'collectd/web01',
  customer: null,
  rawData: null,
  duplicateCount: 3,
  repeat: true,
  timeout: 86400,
  correlate: [],
};

describe('clipboard template: the old console’s syntax', () => {
  it('names the alert’s fields at the top level, as configs written for Nunjucks do', () => {
    expect(render('[{{environment | upper}}] Alert!\n{{text}}', alert)).toBe('[PRODUCTION] Alert!\nDisk /var is 98% full on web01');
  });

  it('also reaches them through alert, with nested attributes', () => {
    expect(render('{{ alert.resource }} in {{ alert.attributes.region }} ({{ alert.attributes.nested.level }})', alert)).toBe(
      'web01 in eu-west-1 (2)',
    );
    expect(render("{{ alert['event'] }}/{{ alert.service[1] }}/{{ alert.service.0 }}", alert)).toBe('DiskFull/Storage/Web');
  });

  it('prints lists comma-joined, numbers and booleans as text, null and missing fields as nothing', () => {
    expect(render('{{ service }}|{{ duplicateCount }}|{{ repeat }}|{{ customer }}|{{ nosuch }}|{{ alert.nosuch.deeper }}', alert)).toBe(
      'Web,Storage|3|true|||',
    );
  });

  it('prints an object as JSON rather than [object Object]', () => {
    expect(render('{{ attributes.nested }}', alert)).toBe('{"level":2}');
  });

  it('keeps HTML as it is: the clipboard gets plain text, not escaped markup', () => {
    expect(render('{{ text }}', { text: '<b>bold</b> & "q"' })).toBe('<b>bold</b> & "q"');
  });
});

describe('clipboard template: filters', () => {
  it('upper and lower', () => {
    expect(render('{{ resource | upper }} {{ "MiXeD" | lower }}', alert)).toBe('WEB01 mixed');
  });

  it('default replaces missing and null values; with true also empty ones', () => {
    expect(render("{{ customer | default('no customer') }}", alert)).toBe('no customer');
    expect(render("{{ alert.attributes.owner | default('nobody') }}", alert)).toBe('nobody');
    expect(render("{{ resource | default('x') }}", alert)).toBe('web01');
    expect(render("{{ '' | default('empty') }}|{{ '' | default('empty', true) }}", alert)).toBe('|empty');
    expect(render("{{ nosuch | d('short') }}", alert)).toBe('short');
  });

  it('join with a separator, and without one', () => {
    expect(render("{{ service | join(', ') }}", alert)).toBe('Web, Storage');
    expect(render('{{ service | join }}', alert)).toBe('WebStorage');
    expect(render("{{ resource | join('-') }}", alert)).toBe('web01');
  });

  it('replace every occurrence, or the first n', () => {
    expect(render("{{ 'a-b-c' | replace('-', '+') }}", alert)).toBe('a+b+c');
    expect(render("{{ 'a-b-c' | replace('-', '+', 1) }}", alert)).toBe('a+b-c');
    expect(render("{{ text | replace('98%', 'nearly') }}", alert)).toBe('Disk /var is nearly full on web01');
  });

  it('truncate cuts at a word boundary and appends ..., or cuts words when asked', () => {
    expect(render('{{ text | truncate(12) }}', alert)).toBe('Disk /var is...');
    expect(render('{{ text | truncate(12, true) }}', alert)).toBe('Disk /var is...');
    expect(render("{{ text | truncate(7, true, '…') }}", alert)).toBe('Disk /v…');
    expect(render('{{ resource | truncate(20) }}', alert)).toBe('web01');
  });

  it('chains filters left to right', () => {
    expect(render("{{ customer | default('acme corp') | upper | replace('CORP', 'Inc') }}", alert)).toBe('ACME Inc');
  });

  it('length, first, last, capitalize, title, trim, dump, urlencode', () => {
    expect(render('{{ tags | length }} {{ tags | first }} {{ tags | last }}', alert)).toBe('2 linux watch:ops');
    expect(render("{{ 'hELLO' | capitalize }} {{ 'disk full alert' | title }} [{{ '  x ' | trim }}]", alert)).toBe('Hello Disk Full Alert [x]');
    expect(render('{{ service | dump }}', alert)).toBe('["Web","Storage"]');
    expect(render('{{ "a b&c" | urlencode }}', alert)).toBe('a%20b%26c');
  });
});

describe('clipboard template: blocks', () => {
  it('if / elif / else on the alert’s values', () => {
    const t = "{% if severity == 'critical' %}P1{% elif severity == 'major' %}P2{% else %}P3{% endif %}";
    expect(render(t, alert)).toBe('P2');
    expect(render(t, { severity: 'critical' })).toBe('P1');
    expect(render(t, { severity: 'minor' })).toBe('P3');
  });

  it('an empty list or a missing field is false, as in Jinja', () => {
    expect(render('{% if alert.correlate %}yes{% else %}no{% endif %}', alert)).toBe('no');
    expect(render('{% if alert.tags %}yes{% else %}no{% endif %}', alert)).toBe('yes');
    expect(render('{% if not alert.customer %}no customer{% endif %}', alert)).toBe('no customer');
    expect(render('{% if customer is none and rawData is defined %}ok{% endif %}', alert)).toBe('ok');
  });

  it('for over a list, with loop variables and an else for empty lists', () => {
    expect(render('{% for t in alert.tags %}{{ loop.index }}.{{ t }}{% if not loop.last %}, {% endif %}{% endfor %}', alert)).toBe(
      '1.linux, 2.watch:ops',
    );
    expect(render('{% for c in correlate %}{{ c }}{% else %}none{% endfor %}', alert)).toBe('none');
  });

  it('for over a mapping, Nunjucks style and Jinja style', () => {
    expect(render('{% for k, v in attributes %}{% if v is string %}{{ k }}={{ v }};{% endif %}{% endfor %}', alert)).toBe(
      'region=eu-west-1;runbook=https://wiki.example/disk;',
    );
    expect(render('{% for k, v in alert.attributes.items() %}{{ k }} {% endfor %}', alert)).toBe('region runbook nested ');
    expect(render("{{ alert.attributes.keys() | join(',') }}", alert)).toBe('region,runbook,nested');
  });

  it('whitespace control trims around tags', () => {
    const t = 'Tags:\n{%- for t in tags %}\n  - {{ t }}\n{%- endfor %}\nEnd';
    expect(render(t, alert)).toBe('Tags:\n  - linux\n  - watch:ops\nEnd');
    expect(render('a  {{- resource -}}  b', alert)).toBe('aweb01b');
  });

  it('set, inline if, concatenation, comments and raw', () => {
    expect(render("{% set who = resource ~ '@' ~ environment %}{{ who }}", alert)).toBe('web01@Production');
    expect(render("{{ 'repeat' if repeat else 'first' }}", alert)).toBe('repeat');
    expect(render('{# a note for admins #}x{% raw %}{{ not rendered }}{% endraw %}', alert)).toBe('x{{ not rendered }}');
    expect(render('{{ duplicateCount + 1 }}', alert)).toBe('4');
  });

  it('a realistic multi-line ticket template', () => {
    const t = [
      '*{{ severity | upper }}* {{ event }} on {{ resource }} ({{ environment }})',
      '{{ text }}',
      'Services: {{ service | join(", ") }}',
      '{% if attributes.runbook %}Runbook: {{ attributes.runbook }}{% endif %}',
      'Id: {{ id[:8] if false else id | truncate(8, true, "") }}',
    ].join('\n');
    expect(render(t, alert)).toBe(
      [
        '*MAJOR* DiskFull on web01 (Production)',
        'Disk /var is 98% full on web01',
        'Services: Web, Storage',
        'Runbook: https://wiki.example/disk',
        // the slice syntax is not supported, so that whole tag is copied as written
        'Id: {{ id[:8] if false else id | truncate(8, true, "") }}',
      ].join('\n'),
    );
  });
});

describe('clipboard template: what it does not understand is copied as text', () => {
  it('unknown filters, calls, unclosed tags and blocks', () => {
    expect(render('{{ resource | shout }}', alert)).toBe('{{ resource | shout }}');
    expect(render('{{ range(3) }}', alert)).toBe('{{ range(3) }}');
    expect(render('x {{ resource', alert)).toBe('x {{ resource');
    expect(render('{% if repeat %}never closed {{ resource }}', alert)).toBe('{% if repeat %}never closed web01');
    expect(render('{% endif %}{% else %}{% endfor %}', alert)).toBe('{% endif %}{% else %}{% endfor %}');
    expect(render('{% include "other.txt" %}{% macro m() %}', alert)).toBe('{% include "other.txt" %}{% macro m() %}');
  });

  it('an unclosed inner block leaves the outer block working', () => {
    expect(render('{% if repeat %}a{% for t in tags %}b{% endif %}', alert)).toBe('a{% for t in tags %}b');
  });

  it('never throws, whatever it is given', () => {
    const inputs = ['{{', '}}', '{%%}', '{{ }}', '{{ ( }}', "{{ 'unterminated }}", '{% for %}{% endfor %}', '{% if %}{% endif %}', '{{ a..b }}'];
    for (const t of inputs) expect(() => render(t, alert)).not.toThrow();
    expect(render('{{ }}', alert)).toBe('{{ }}');
  });
});

describe('clipboard template: only the alert is reachable, nothing runs', () => {
  it('constructor chains cannot build and call a function', () => {
    expect(render("{{ alert.constructor.constructor('return globalThis')() }}", alert)).toBe(
      "{{ alert.constructor.constructor('return globalThis')() }}",
    );
    expect(render('{{ alert.constructor }}{{ alert.constructor.constructor }}{{ resource.constructor }}', alert)).toBe('');
    expect(render("{{ alert['constructor']['constructor'] }}{{ alert['__proto__'] }}{{ ''.constructor }}", alert)).toBe('');
    expect(render('{{ constructor }}{{ __proto__ }}{{ toString }}{{ valueOf }}{{ hasOwnProperty }}', alert)).toBe('');
  });

  it('a filter cannot be turned into a call either', () => {
    const t = "{{ (resource | upper).constructor('x') }}";
    expect(render(t, alert)).toBe(t);
  });

  it('no globals: window, process, globalThis, this, Function are all empty', () => {
    expect(render('{{ window }}{{ process }}{{ globalThis }}{{ this }}{{ Function }}{{ self }}{{ document }}', alert)).toBe('');
  });

  it('keys that shadow the prototype in the data are not followed', () => {
    const hostile = JSON.parse('{"resource":"r","attributes":{"__proto__":{"polluted":"yes"},"constructor":{"name":"evil"}}}') as object;
    expect(render('{{ attributes.__proto__.polluted }}{{ attributes.constructor.name }}', hostile)).toBe('');
    expect(render('{% for k, v in attributes %}{{ k }};{% endfor %}', hostile)).toBe('');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('{% set %} cannot reach outside the template', () => {
    expect(render("{% set constructor = 'x' %}{% set __proto__ = 'y' %}{{ resource }}", alert)).toBe('web01');
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  it('functions on the object passed in are neither printed nor callable: only its JSON data is seen', () => {
    const withCode = { resource: 'r', fn: () => 'called', date: new Date(0) };
    expect(render('{{ fn }}{{ resource }}', withCode)).toBe('r');
    expect(render('{{ fn() }}', withCode)).toBe('{{ fn() }}');
    // a Date becomes its JSON text, not an object with methods
    expect(render('{{ date }}|{{ date.getTime }}', withCode)).toBe('1970-01-01T00:00:00.000Z|');
  });

  it('deeply nested loops and huge outputs stop instead of freezing the page', () => {
    const loops = '{% for a in tags %}'.repeat(30) + 'x' + '{% endfor %}'.repeat(30);
    let out = '';
    expect(cpuMsOf(() => (out = render(loops, { tags: Array.from({ length: 20 }, (_, i) => i) })))).toBeLessThan(5000);
    expect(out.length).toBeLessThanOrEqual(1_000_000);
    expect(out.length).toBeGreaterThan(0);
  });

  it('many unclosed blocks do not make parsing explode', () => {
    const t = '{% if repeat %}'.repeat(60) + 'end';
    let out = '';
    expect(cpuMsOf(() => (out = render(t, alert)))).toBeLessThan(2000);
    expect(out).toBe(t);
  });

  it('deeply nested parentheses are refused, not a stack overflow', () => {
    const t = '{{ ' + '('.repeat(5000) + 'resource' + ')'.repeat(5000) + ' }}';
    expect(render(t, alert)).toBe(t);
  });
});
