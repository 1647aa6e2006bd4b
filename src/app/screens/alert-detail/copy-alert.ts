// Copying an alert: the configured clipboard template, else the alert as indented JSON (4 spaces, as the old console).
import type { Alert } from '../../../core/types.ts';

/** The text the copy button puts on the clipboard. The template renderer is loaded only when a template is set. */
export async function clipboardText(alert: Alert, template: string | null | undefined): Promise<string> {
  if (typeof template === 'string' && template.trim() !== '') {
    const { renderClipboardTemplate } = await import('../../../core/clipboard-template.ts');
    return renderClipboardTemplate(template, alert);
  }
  return JSON.stringify(alert, null, 4);
}
