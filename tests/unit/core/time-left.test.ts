import { describe, expect, it } from 'vitest';
import {
  durationSeconds,
  formatDuration,
  formatHms,
  formatTimeout,
  heartbeatTimeLeft,
  timeLeftSeconds,
} from '../../../src/core/time-left.ts';

const NOW = Date.parse('2024-01-15T10:00:00.000Z');

function alert(status: string, timeout: number, lastReceiveTime: string, updateTime: string) {
  return { status, timeout, lastReceiveTime, updateTime };
}

describe('timeLeftSeconds', () => {
  it('counts from lastReceiveTime for an open alert', () => {
    // received 1 h ago with a 2 h timeout
    expect(timeLeftSeconds(alert('open', 7200, '2024-01-15T09:00:00.000Z', '2024-01-15T09:59:00.000Z'), NOW)).toBe(3600);
  });

  it.each(['ack', 'shelved', 'ACKED', 'SHLVD'])('counts from updateTime when %s', (status) => {
    const a = alert(status, 7200, '2024-01-15T05:00:00.000Z', '2024-01-15T09:30:00.000Z');
    expect(timeLeftSeconds(a, NOW)).toBe(5400);
  });

  it('open aliases and other statuses use lastReceiveTime', () => {
    for (const status of ['NORM', 'UNACK', 'RTNUN', 'closed', 'blackout', 'bogus']) {
      const a = alert(status, 7200, '2024-01-15T09:00:00.000Z', '2024-01-15T09:59:00.000Z');
      expect(timeLeftSeconds(a, NOW)).toBe(3600);
    }
  });

  it('falls back to lastReceiveTime when an acked alert has no usable updateTime', () => {
    expect(timeLeftSeconds(alert('ack', 7200, '2024-01-15T09:00:00.000Z', ''), NOW)).toBe(3600);
  });

  it('is 0 once the timeout has passed', () => {
    expect(timeLeftSeconds(alert('open', 60, '2024-01-15T09:00:00.000Z', ''), NOW)).toBe(0);
    expect(timeLeftSeconds(alert('open', 3600, '2024-01-15T09:00:00.000Z', ''), NOW)).toBe(0);
  });

  it('drops partial seconds', () => {
    expect(timeLeftSeconds(alert('open', 10, '2024-01-15T09:59:55.500Z', ''), NOW)).toBe(5);
  });

  it('is null (never expires) for timeout 0, fixing the old 0:00:00', () => {
    const a = alert('open', 0, '2024-01-15T09:00:00.000Z', '');
    expect(timeLeftSeconds(a, NOW)).toBeNull();
    expect(formatHms(timeLeftSeconds(a, NOW))).toBe('');
  });

  it('is null when nothing can be computed', () => {
    expect(timeLeftSeconds(alert('open', 60, 'garbage', ''), NOW)).toBeNull();
    expect(timeLeftSeconds(alert('open', Number.NaN, '2024-01-15T09:00:00.000Z', ''), NOW)).toBeNull();
    expect(timeLeftSeconds(alert('open', -5, '2024-01-15T09:00:00.000Z', ''), NOW)).toBeNull();
  });
});

describe('heartbeatTimeLeft', () => {
  it('counts from createTime', () => {
    expect(heartbeatTimeLeft('2024-01-15T09:59:00.000Z', 120, NOW)).toBe(60);
    expect(heartbeatTimeLeft('2024-01-14T09:59:00.000Z', 120, NOW)).toBe(0);
  });

  it('is null without a timeout or a valid time', () => {
    expect(heartbeatTimeLeft('2024-01-15T09:59:00.000Z', 0, NOW)).toBeNull();
    expect(heartbeatTimeLeft(null, 120, NOW)).toBeNull();
    expect(heartbeatTimeLeft('x', 120, NOW)).toBeNull();
  });
});

describe('formatHms', () => {
  it.each([
    [0, '0:00:00'],
    [5, '0:00:05'],
    [65, '0:01:05'],
    [3600, '1:00:00'],
    [86400, '24:00:00'],
    [90000, '25:00:00'],
    [3661.9, '1:01:01'],
  ])('%s s -> %s', (seconds, text) => {
    expect(formatHms(seconds)).toBe(text);
  });

  it('is empty for null and clamps nonsense', () => {
    expect(formatHms(null)).toBe('');
    expect(formatHms(Number.NaN)).toBe('');
    expect(formatHms(-30)).toBe('0:00:00');
  });
});

describe('formatDuration (days variant)', () => {
  it.each([
    [0, '0 days 00:00:00'],
    [3661, '0 days 01:01:01'],
    [86400, '1 days 00:00:00'],
    [2 * 86400 + 5 * 3600 + 7 * 60 + 9, '2 days 05:07:09'],
  ])('%s s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('is empty for null', () => {
    expect(formatDuration(null)).toBe('');
  });
});

describe('duration and timeout columns', () => {
  it('duration is seconds since receiveTime', () => {
    expect(durationSeconds({ receiveTime: '2024-01-15T09:00:00.000Z' }, NOW)).toBe(3600);
    expect(durationSeconds({ receiveTime: 'x' }, NOW)).toBeNull();
  });

  it('timeout column shows H:MM:SS, empty for 0', () => {
    expect(formatTimeout(86400)).toBe('24:00:00');
    expect(formatTimeout(0)).toBe('');
    expect(formatTimeout(null)).toBe('');
  });
});
