import { useSyncExternalStore } from 'react';

/** A phone or tablet without a mouse: its main pointer is a finger and nothing hovers. */
const touchOnlyQuery = '(hover: none) and (pointer: coarse)';

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(touchOnlyQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const touchOnly = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(touchOnlyQuery).matches;

/**
 * Whether the reader most likely has no keyboard at hand, so keyboard shortcuts are not worth
 * mentioning: they would be clutter on a phone, and a promise the screen cannot keep.
 */
export function useTouchOnly(): boolean {
  return useSyncExternalStore(subscribe, touchOnly, () => false);
}
