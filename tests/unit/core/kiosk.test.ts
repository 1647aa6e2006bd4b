import { describe, expect, it } from 'vitest';
import { kioskFullscreenStart, showKioskFullscreenButton } from '../../../src/core/kiosk.ts';

describe('kiosk full screen', () => {
  it('asks at start only when the browser reports a user gesture under way (no refused request, no console warning)', () => {
    expect(kioskFullscreenStart({ kiosk: true, fullscreen: false, userActivation: true })).toBe('ask');
    expect(kioskFullscreenStart({ kiosk: true, fullscreen: false, userActivation: false })).toBe('offer');
  });
  it('asks once where the browser cannot tell whether a gesture is under way', () => {
    expect(kioskFullscreenStart({ kiosk: true, fullscreen: false, userActivation: null })).toBe('ask');
  });
  it('does nothing outside kiosk mode or when already in full screen', () => {
    expect(kioskFullscreenStart({ kiosk: false, fullscreen: false, userActivation: true })).toBe('none');
    expect(kioskFullscreenStart({ kiosk: true, fullscreen: true, userActivation: false })).toBe('none');
  });
  it('offers the button on a kiosk page out of full screen once the ask is over', () => {
    expect(showKioskFullscreenButton({ kiosk: true, fullscreen: false, asked: true })).toBe(true);
    expect(showKioskFullscreenButton({ kiosk: true, fullscreen: false, asked: false })).toBe(false);
    expect(showKioskFullscreenButton({ kiosk: true, fullscreen: true, asked: true })).toBe(false);
    expect(showKioskFullscreenButton({ kiosk: false, fullscreen: false, asked: true })).toBe(false);
  });
});
