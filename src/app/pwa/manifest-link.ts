// The web app manifest is linked once the first rows are painted (src/app/startup.ts), not by index.html: linked
// there, the browser fetched it at once, holding one of the page's six connections while the shell still loaded
// (scripts/quiet-start-links.ts takes the build's link out). Installing, the install offer and the home-screen icon
// all come later than that.

/** The manifest's file name in the build (vite.config.ts gives it to vite-plugin-pwa). */
export const MANIFEST_FILE = 'manifest.webmanifest';

/** Links the manifest (`base`: the console's base path), unless the page already links one. */
export function linkManifest(base: string): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `${base}${MANIFEST_FILE}`;
  document.head.append(link);
}
