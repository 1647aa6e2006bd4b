/**
 * Calls `read` whenever `el` changes size. With ResizeObserver the first call comes once the element has been laid
 * out (reading a size then forces nothing); without it (old engines, tests) `read` runs once, now. Returns the
 * function that stops watching, for an effect's clean-up.
 */
export function observeSize(el: Element, read: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') {
    read();
    return () => undefined;
  }
  const observer = new ResizeObserver(() => read());
  observer.observe(el);
  return () => observer.disconnect();
}
