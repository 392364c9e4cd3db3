import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Rows drawn above and below the visible ones, so a short scroll shows drawn rows at once. */
const OVERSCAN = 6;
/** Before the scroller has a size (first render, or a test's DOM without layout). */
const FALLBACK_VIEW_HEIGHT = 800;

export interface RowWindow {
  /** The first row drawn. */
  start: number;
  /** One past the last row drawn. */
  end: number;
}

function windowOf(
  scroller: HTMLElement | null,
  count: number,
  rowHeight: number,
  all: boolean,
): RowWindow {
  if (all) return { start: 0, end: count };
  const top = scroller?.scrollTop ?? 0;
  const height = scroller?.clientHeight || FALLBACK_VIEW_HEIGHT;
  return {
    start: Math.max(0, Math.floor(top / rowHeight) - OVERSCAN),
    end: Math.min(count, Math.ceil((top + height) / rowHeight) + OVERSCAN),
  };
}

/** Calls `changed` whenever the scroller scrolls or changes size. */
function listen(scroller: RefObject<HTMLElement | null>, changed: () => void) {
  const element = scroller.current;
  if (!element) return () => {};
  element.addEventListener('scroll', changed, { passive: true });
  const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(changed);
  resize?.observe(element);
  return () => {
    element.removeEventListener('scroll', changed);
    resize?.disconnect();
  };
}

/**
 * Which of `count` rows of equal height a vertical scroller should draw: those in view and a few
 * either side, all of them while the page prints. A table of a few thousand cells takes the
 * browser a second to lay out; a screenful takes a few milliseconds.
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [printing, setPrinting] = useState(false);

  const subscribe = useCallback((changed: () => void) => listen(scroller, changed), [scroller]);
  // A string, so a scroll that keeps the same rows in view draws nothing again.
  const key = useSyncExternalStore(subscribe, () => {
    const range = windowOf(scroller.current, count, rowHeight, printing);
    return `${range.start}:${range.end}`;
  });

  // A printout has no scroller: every row goes on paper, drawn before the page is laid out for it.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const [start, end] = key.split(':').map(Number) as [number, number];
  return { start, end };
}
