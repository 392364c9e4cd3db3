import { useEffect, useEffectEvent } from 'react';

/** Keys typed into these belong to them; the page's shortcuts stay out of their way. */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.matches('input:not([type="radio"]):not([type="checkbox"]), textarea, select') ||
    target.closest('dialog, [role="menu"]') !== null);

/** Enter on these already does what they say. */
const handlesEnter = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest('button, a, summary') !== null;

/**
 * The keys of a page that asks one question at a time: 1–9 pick an option, Enter submits and, once
 * the answer is graded, goes on. `onNumber` returns whether the key meant something, so a key that
 * does nothing here keeps its usual effect.
 */
export function useAnswerKeys({
  onNumber,
  onEnter,
}: {
  onNumber: (n: number) => boolean;
  onEnter: () => void;
}) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.isComposing || ownsKeys(event.target)) return;
    if (/^[1-9]$/.test(event.key)) {
      if (onNumber(Number(event.key))) event.preventDefault();
    } else if (event.key === 'Enter' && !handlesEnter(event.target)) {
      event.preventDefault();
      onEnter();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
