import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connectionErrorText, errorText, isAlertaErrorBody } from '../../../src/core/api-errors.ts';
import { errorDetail } from '../../../src/core/api-errors.ts';

const capture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../contract/alerta-api/${name}`, import.meta.url), 'utf8')) as { status: number; response: unknown };

describe('API error texts', () => {
  it('shows an Alerta error as message (code)', () => {
    const c = capture('GET_alert__unknown-404.json');
    expect(isAlertaErrorBody(c.response)).toBe(true);
    expect(errorText(c.response, c.status)).toMatch(/ \(404\)$/);
    expect(errorText({ status: 'error', message: 'alert is already in ack status', code: 409, errors: null })).toBe(
      'alert is already in ack status (409)',
    );
  });

  it('reads an error body that arrived as a JSON string', () => {
    expect(errorText('{"status":"error","message":"page out of range: 1-5","code":416,"errors":null}', 416)).toBe(
      'page out of range: 1-5 (416)',
    );
  });

  it('shows an error without a code as name: message', () => {
    expect(errorText(new TypeError('Failed to fetch'))).toBe('TypeError: Failed to fetch');
    expect(errorText({ name: 'AbortError', message: 'The operation was aborted.' })).toBe('AbortError: The operation was aborted.');
  });

  it('gives a clear generic text for bodies that are not Alerta errors, never raw markup', () => {
    expect(errorText('<html><body>502 Bad Gateway</body></html>', 502)).toBe('Sorry, there was a problem (502)');
    expect(errorText(undefined)).toBe('Sorry, there was a problem');
    expect(errorText({ status: 'error' }, 500)).toBe('Sorry, there was a problem (500)');
    expect(errorText('{broken json', 400)).toBe('Sorry, there was a problem (400)');
  });

  it('recognises Alerta error bodies only', () => {
    expect(isAlertaErrorBody({ status: 'error', message: 'x', code: 400, errors: null })).toBe(true);
    expect(isAlertaErrorBody({ status: 'ok' })).toBe(false);
    expect(isAlertaErrorBody({ status: 'error', message: 'x' })).toBe(false);
    expect(isAlertaErrorBody(null)).toBe(false);
  });

  it('says the API cannot be reached, naming it', () => {
    expect(connectionErrorText('http://localhost:8080')).toBe('Problem connecting to http://localhost:8080, retrying...');
  });
});

describe('errorDetail: the reason in an error body\'s errors', () => {
  it('reads the first string of Alerta\'s nested lists, without the Python exception class', () => {
    expect(errorDetail([["pyparsing.exceptions.ParseException: Expected ['OR' | '||'] term, found end of text  (at char 10), (line:1, col:11)\n"]])).toBe(
      "Expected ['OR' | '||'] term, found end of text  (at char 10), (line:1, col:11)",
    );
    expect(errorDetail(['column "createTime" does not exist\n'])).toBe('column "createTime" does not exist');
    expect(errorDetail(null)).toBeUndefined();
    expect(errorDetail([{}])).toBeUndefined();
    expect(errorDetail(['x'.repeat(1000)])).toHaveLength(300);
  });
});
