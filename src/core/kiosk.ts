// Full screen on a wall display: kiosk mode shows the display view with full screen on. Browsers grant full screen only
// during a user gesture and log a console warning for every request made outside one, so the display asks once at
// start, and only when the browser says a gesture is under way (the kiosk link was just clicked); otherwise, or when
// the browser refused, it shows a "Full screen" button.

export type KioskFullscreenStart = 'none' | 'ask' | 'offer';

/**
 * What a kiosk page does about full screen when it opens. `userActivation` is `navigator.userActivation.isActive`,
 * or null where the browser cannot tell (then it asks once and the answer decides).
 */
export function kioskFullscreenStart(s: { kiosk: boolean; fullscreen: boolean; userActivation: boolean | null }): KioskFullscreenStart {
  if (!s.kiosk || s.fullscreen) return 'none';
  return s.userActivation === false ? 'offer' : 'ask';
}

/**
 * Whether the wall display shows its "Full screen" button: a kiosk page out of full screen once its one ask is over
 * (refused, not made, or left again with Escape). Never while the ask is under way, so it does not flash.
 */
export function showKioskFullscreenButton(s: { kiosk: boolean; fullscreen: boolean; asked: boolean }): boolean {
  return s.kiosk && s.asked && !s.fullscreen;
}
