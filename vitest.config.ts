import { defineConfig } from 'vitest/config';
import { icuMessages } from './scripts/icu-messages.ts';

export default defineConfig({
  // The app's catalogues are compiled as in the build (src/app/i18n imports `messages/<lang>.ts?icu`).
  plugins: [icuMessages()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
