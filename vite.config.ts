import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';

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
  build: {
    target: 'es2022',
    sourcemap: true,
    // The shell must stay small: the worker, the service worker and lazy screens are separate chunks.
    chunkSizeWarningLimit: 400,
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Alerta Console',
        short_name: 'Alerta',
        description: 'Live alerts from Alerta: watch, acknowledge, shelve and close them, online or offline.',
        start_url: base + 'alerts',
        scope: base,
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#3f51b5',
        icons: [{ src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ogg,woff2,webmanifest}'],
        globIgnores: ['config.json'],
      },
      devOptions: { enabled: false },
    }),
  ],
});
