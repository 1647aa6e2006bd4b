/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
declare const __BUILD_TIME__: string;

interface ImportMetaEnv {
  readonly VITE_ALERTA_ENDPOINT?: string;
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_TRACKING_ID?: string;
}

/** A catalogue of src/app/i18n/messages/ compiled at build time (scripts/icu-messages.ts). */
declare module '*?icu' {
  import type { CompiledCatalogue } from './core/icu-message.ts';
  const catalogue: CompiledCatalogue;
  export default catalogue;
}
