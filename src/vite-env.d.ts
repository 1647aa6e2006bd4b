/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
declare const __BUILD_TIME__: string;

interface ImportMetaEnv {
  readonly VITE_ALERTA_ENDPOINT?: string;
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_TRACKING_ID?: string;
}
