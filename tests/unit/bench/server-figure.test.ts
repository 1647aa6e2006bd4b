import { describe, expect, it } from 'vitest';
import { parseServerTiming } from '../../../tests/bench/server-figure.ts';

describe('Server-Timing header', () => {
  it('prefers the total, then the app entry, then the largest duration', () => {
    expect(parseServerTiming('db;dur=9.5, total;dur=12.25')).toBe(12.25);
    expect(parseServerTiming('db;dur=9.5, app;desc="handler";dur=11')).toBe(11);
    expect(parseServerTiming('db;dur=9.5, json;dur=2')).toBe(9.5);
  });

  it('reads quoted durations and repeated headers', () => {
    expect(parseServerTiming(['db;dur="4.5"', 'app;dur=7'])).toBe(7);
  });

  it('gives null when there is no duration to read', () => {
    expect(parseServerTiming(undefined)).toBeNull();
    expect(parseServerTiming('')).toBeNull();
    expect(parseServerTiming('cache;desc=hit')).toBeNull();
  });
});
