import { describe, expect, it } from 'vitest';
import { HEALTH_CHECK_TIMEOUT_MS, healthFromAnswer, healthFromNoAnswer, plainAnswer } from '../../../src/core/health.ts';

describe('healthFromAnswer: what the health check’s answer says', () => {
  it('200 with the real server’s plain "OK" is healthy', () => {
    expect(healthFromAnswer(200, 'OK', 'OK')).toEqual({ state: 'healthy', message: 'OK' });
    expect(healthFromAnswer(200, 'OK', 'OK\n')).toEqual({ state: 'healthy', message: 'OK' });
  });

  it('a 2xx is healthy whatever its body: empty, a JSON string, an HTML page', () => {
    expect(healthFromAnswer(204, 'No Content', '')).toEqual({ state: 'healthy', message: 'OK' });
    expect(healthFromAnswer(200, 'OK', '"OK"')).toEqual({ state: 'healthy', message: 'OK' });
    expect(healthFromAnswer(200, 'OK', '<html><body>fine</body></html>')).toEqual({ state: 'healthy', message: 'OK' });
  });

  it('a 503 is unhealthy and gives the server’s reason', () => {
    expect(healthFromAnswer(503, 'SERVICE UNAVAILABLE', 'HEARTBEAT_STALE: old-agent/01')).toEqual({ state: 'unhealthy', message: 'HEARTBEAT_STALE: old-agent/01 (503)' });
    expect(healthFromAnswer(503, 'SERVICE UNAVAILABLE', 'HEALTH_CHECK_FAILED: Internal Error!')).toEqual({
      state: 'unhealthy',
      message: 'HEALTH_CHECK_FAILED: Internal Error! (503)',
    });
  });

  it('a proxy’s 502/504 page is unhealthy, summed up by its status line', () => {
    expect(healthFromAnswer(502, 'Bad Gateway', '<html><head><title>502 Bad Gateway</title></head></html>')).toEqual({ state: 'unhealthy', message: '502 Bad Gateway' });
    expect(healthFromAnswer(504, '', '')).toEqual({ state: 'unhealthy', message: '504' });
  });

  it('401, 403 and 404 say nothing about health: not known', () => {
    expect(healthFromAnswer(404, 'Not Found', '<h1>Not Found</h1>').state).toBe('unknown');
    expect(healthFromAnswer(401, 'Unauthorized', '').state).toBe('unknown');
    expect(healthFromAnswer(403, 'Forbidden', 'denied')).toEqual({ state: 'unknown', message: 'denied (403)' });
  });

  it('a long body is not shown as the server’s words', () => {
    expect(plainAnswer('x'.repeat(201))).toBeNull();
    expect(healthFromAnswer(500, 'Internal Server Error', 'x'.repeat(5000))).toEqual({ state: 'unhealthy', message: '500 Internal Server Error' });
  });
});

describe('healthFromNoAnswer: a health check that does not answer in time', () => {
  it('is unhealthy, with the seconds waited for the UI to word', () => {
    expect(healthFromNoAnswer(10_000)).toEqual({ state: 'unhealthy', message: 'No answer within 10 s', noAnswerWithinS: 10 });
  });

  it('is given up well before Alerta gives up on a database that is down (62 s) or a command would (30 s)', () => {
    expect(HEALTH_CHECK_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(HEALTH_CHECK_TIMEOUT_MS).toBeGreaterThanOrEqual(5_000);
  });
});
