// Writing to the clipboard, with the fallback the old console used where the async Clipboard API is refused.

/**
 * Writes plain text to the clipboard. The async Clipboard API needs a secure context (https or localhost); a console
 * served over plain http on a LAN falls back to the selection-copy the old console used.
 */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch (error) {
      if (legacyCopy(text)) return;
      throw error;
    }
  }
  if (!legacyCopy(text)) throw new Error('The browser refused to copy');
}

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  focused?.focus();
  return ok;
}
