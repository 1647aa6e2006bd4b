// wouter imports useSyncExternalStore from the `use-sync-external-store` shim, written for React 17, which React 18
// has built in: vite.config.ts points the shim here, so the shell carries neither the shim nor its CommonJS interop.
export { useSyncExternalStore } from 'react';
