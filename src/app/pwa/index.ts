// The installable-app parts of the console, ready to mount (see each export for where). The update prompt and the
// notifications, badge and outbox sync (PwaShell.tsx) are not here: the shell loads them when they are needed.
export { InstallButton, InstallMenuItem } from './InstallEntry.tsx';
export { useInstallPrompt, type InstallPrompt } from './install.ts';
export { markDirty, hasDirtyForms, useDirtyForm } from './dirty-forms.ts';
