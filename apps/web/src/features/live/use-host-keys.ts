import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The host's keyboard: one key per control, shown on screen beside it. Keys typed into a field or
 * pressed inside a dialog (a confirmation) are theirs, not the console's, and so are key
 * combinations with Alt, Ctrl or Meta, which belong to the browser.
 */
export function useHostKeys(keys: Record<string, (() => void) | undefined>) {
  const current = useRef(keys);
  // Updated with the DOM, before the browser handles another event: a control that has just
  // appeared (Reveal, once the answer is hidden) answers its key at once, not after a paint.
  useLayoutEffect(() => {
    current.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target;
      if (target instanceof HTMLElement && target.closest('input, textarea, select, dialog')) {
        return;
      }
      const key = event.key === ' ' ? 'enter' : event.key.toLowerCase();
      // Enter on a focused button presses that button.
      if (key === 'enter' && target instanceof HTMLButtonElement) return;
      const action = current.current[key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
