import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { precompressPlugin } from './server/precompress.ts';
import { icuMessages } from './scripts/icu-messages.ts';
import { FIRST_SCREEN_MESSAGES } from './scripts/first-screen-messages.ts';
import { preloadFirstScreen } from './scripts/preload-first-screen.ts';
import { bootFirst, bootGroup } from './scripts/boot-first.ts';
import { quietStartLinksPlugin } from './scripts/quiet-start-links.ts';
import { MANIFEST_FILE } from './src/app/pwa/manifest-link.ts';

const BOOT_MODULE = 'src/app/boot.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// The console is served from the root unless BASE_PATH says otherwise (config `base_path` of an existing deployment).
const base = process.env.BASE_PATH ? `/${process.env.BASE_PATH.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/') : '/';

export default defineConfig({
  base,
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  worker: { format: 'es' },
  resolve: {
    // React 18 has useSyncExternalStore: wouter's shim for React 17 is left out (src/app/sync-external-store.ts).
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: new URL('./src/app/sync-external-store.ts', import.meta.url).pathname }],
  },
  build: {
    target: 'es2022',
    // Maps are written for local attribution (the benchmark, traces) but not referenced from the files, and the
    // servers do not send *.map (server/console-serving.ts): the deployed console does not hand out its sources.
    sourcemap: 'hidden',
    // The shell must stay small: the worker, the service worker and lazy screens are separate chunks.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is two chunks of about the same size, React and the rest, fetched
        // side by side: not a dozen small shared chunks, each of which costs a round trip on a slow link (measured:
        // Lighthouse's LCP 2.19 → 1.84 s), and not one file of 84 KiB, whose download alone outlasted the others.
        // (Rolldown then puts its interop helpers, 0.7 KiB, in a file of their own.)
        codeSplitting: {
          groups: [
            // The page's first script, which starts the data worker, loads and runs on its own (scripts/boot-first.ts).
            bootGroup(BOOT_MODULE),
            { name: 'react', tags: ['$initial'], test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'shell', tags: ['$initial'] },
            // What the alerts screen shares with its lazy panels (filter sheet, touch row menu), with its lazy list
            // forms (phone cards, grouped lists) and with other screens (alert HTML, time left, the pending mark and
            // pending actions, a value's query term, the time ranges, a row's cells, actions, colours, keyboard and
            // window, the value menu's stand-in, jotai's utilities) is one chunk beside the screen's own, instead of
            // several small ones, each a round trip before the first row.
            {
              name: 'screen-shared',
              test: /[\\/]src[\\/](app[\\/]state[\\/]alerts-screen\.ts|app[\\/](second-ticker|hooks[\\/]observe-size)\.ts|core[\\/](alerts-selection|row-navigation|time-left|query-values|alert-columns|date-range|outbox|row-colors|last-note)\.ts|app[\\/]components[\\/](SafeHtml\.tsx|PendingMark\.tsx|ActionMenu\.tsx|action-icons\.ts)|app[\\/]screens[\\/]alerts[\\/](rows[\\/](row-window\.ts|row-keyboard\.ts|RowActions\.tsx|AlertCells\.tsx)|search[\\/]ValueMenu\.tsx))$|[\\/]node_modules[\\/]jotai[\\/]esm[\\/](vanilla[\\/])?utils\.mjs$/,
            },
          ],
        },
      },
    },
  },
  plugins: [
    // `messages/<lang>.ts?icu`: the catalogue with its ICU messages parsed at build time (no parser shipped).
    // The English messages only the first screen names ship with it; the rest come with the first chunk naming one.
    icuMessages(FIRST_SCREEN_MESSAGES),
    react(),
    tailwindcss(),
    // The alert list's chunk downloads beside the shell instead of after it (scripts/preload-first-screen.ts).
    preloadFirstScreen('src/app/screens/alerts/AlertsScreen.tsx'),
    // The data worker starts from a script of its own, first in index.html (scripts/boot-first.ts).
    bootFirst(BOOT_MODULE),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: MANIFEST_FILE,
      manifest: {
        // A stable identity: start_url may change, the installed app stays the same one.
        id: base,
        name: 'Alerta Console',
        short_name: 'Alerta',
        description: 'Live alerts from Alerta: watch, acknowledge, shelve and close them, online or offline.',
        lang: 'en',
        dir: 'ltr',
        start_url: base + 'alerts',
        scope: base,
        display: 'standalone',
        orientation: 'any',
        // One colour each: the manifest cannot follow the colour scheme; index.html's theme-color metas do that.
        background_color: '#f9fafb',
        theme_color: '#3f51b5',
        categories: ['productivity', 'utilities', 'business'],
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
        shortcuts: [
          {
            name: 'Alerts',
            short_name: 'Alerts',
            description: 'The live alert list',
            url: base + 'alerts',
            icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Wall display (kiosk)',
            short_name: 'Kiosk',
            description: 'The alert list full screen, for a wall display',
            url: base + 'alerts?kiosk=1',
            icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ogg,woff2,webmanifest}'],
        // The precompressed copies are the same files in another encoding, chosen by the server per request.
        globIgnores: ['config.json', '**/*.br', '**/*.gz', '**/*.map'],
      },
      devOptions: { enabled: false },
    }),
    // After the PWA plugin: the favicon inlined, the manifest linked by the app after the first rows (scripts/quiet-start-links.ts).
    quietStartLinksPlugin(),
    // Last: brotli and gzip copies of every text file, the service worker included (server/precompress.ts).
    precompressPlugin(),
  ],
});
