// The installable-app parts of the console, ready to mount (see each export for where).
export { PwaUpdatePrompt } from './PwaUpdatePrompt.tsx';
export { InstallButton, InstallMenuItem } from './InstallEntry.tsx';
export { useInstallPrompt, type InstallPrompt } from './install.ts';
export { useAlertNotifications } from './notifications.ts';
export { useAttentionBadge, useAttentionCount } from './useAttentionBadge.ts';
export { markDirty, hasDirtyForms, useDirtyForm } from './dirty-forms.ts';
export { usePwaShell } from './usePwaShell.ts';
