import { describe, expect, it } from 'vitest';
import { exchangeProblem, providerProblem } from '../../../src/core/sign-in-problems.ts';

// The messages below are the Alerta server's own (alerta/auth/oidc.py and utils.py at v9.1.0, with the Python
// exception text it appends), as the worker reports them: "<message> (<code>)".
describe('a failed code exchange, in words', () => {
  it('the Alerta server could not reach the provider', () => {
    const message =
      "Could not get OpenID configuration from well known URL: HTTPConnectionPool(host='127.0.0.1', port=4312): Max retries exceeded with url: /.well-known/openid-configuration (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f>: Failed to establish a new connection: [Errno 111] Connection refused')) (503)";
    expect(exchangeProblem({ kind: 'http', code: 503, message })).toEqual({ key: 'SsoServerCannotReach', detail: message });
    expect(exchangeProblem({ kind: 'http', code: 503, message: 'Could not get OpenID JWT Key Set from JWKS URL: timed out (503)' }).key).toBe('SsoServerCannotReach');
  });

  it('the code was refused by the provider', () => {
    for (const message of ['grant request is invalid (500)', 'Code not valid (500)', 'invalid_grant (500)', 'No access token in OpenID Connect token response. (500)']) {
      expect(exchangeProblem({ kind: 'http', code: 500, message }).key).toBe('SsoCodeRefused');
    }
  });

  it('the user is not allowed', () => {
    expect(exchangeProblem({ kind: 'forbidden', code: 403, message: 'User alice is not authorized (403)' }).key).toBe('SsoNotAllowed');
    expect(exchangeProblem({ kind: 'forbidden', code: 403, message: 'User alice is not active (403)' }).key).toBe('SsoNotAllowed');
    expect(exchangeProblem({ kind: 'forbidden', code: 403, message: "No customer lookup configured for user 'alice' or 'example.org' (403)" }).key).toBe(
      'SsoNotAllowed',
    );
  });

  it('the server is set up wrong', () => {
    for (const message of [
      'Issuer Claim does not match Issuer URL used to retrieve OpenID configuration (503)',
      'Must define Issuer URL (OIDC_ISSUER_URL) in server configuration to use OpenID Connect. (503)',
      'client authentication failed (500)',
      "Must support one of the following OpenID claims: 'preferred_username', 'nickname' or 'email' (400)",
    ]) {
      expect(exchangeProblem({ kind: 'http', code: 503, message }).key).toBe('SsoServerSetup');
    }
  });

  it('the server has no route for the provider, or cannot be reached at all', () => {
    expect(exchangeProblem({ kind: 'http', code: 404, message: 'The requested URL was not found on the server. (404)' }).key).toBe('SsoNoRoute');
    expect(exchangeProblem({ kind: 'network', message: 'Problem connecting to https://api.example, retrying...' }).key).toBe('SsoApiDown');
  });

  it('anything else stays the general sentence, with the text behind it', () => {
    expect(exchangeProblem({ kind: 'http', code: 500, message: 'Internal Server Error (500)' })).toEqual({
      key: 'AuthNotPossible',
      detail: 'Internal Server Error (500)',
    });
  });
});

describe('a provider refusing the sign-in request', () => {
  it('keeps the error and its description for the details', () => {
    expect(providerProblem({ kind: 'refused', error: 'invalid_scope', description: 'scope x is unknown' })).toEqual({
      key: 'SsoProviderRefused',
      detail: 'invalid_scope: scope x is unknown',
    });
    expect(providerProblem({ kind: 'refused', error: 'server_error', description: '' }).detail).toBe('server_error');
  });
});
