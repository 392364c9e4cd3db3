import { useSyncExternalStore } from 'react';

/**
 * The player's address, `/live` or `/live/:code`, kept without a router: the player's page is a
 * page of its own (live.html) that loads no router, so it moves between the two itself through
 * the History API, and the back button still works.
 */
const listeners = new Set<() => void>();

export function roomCodeOf(pathname: string): string | undefined {
  const match = /^\/live\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1];
  }
}

export function goToRoom(code: string | undefined, { replace = false } = {}) {
  const path = code ? `/live/${encodeURIComponent(code)}` : '/live';
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentCode = () => roomCodeOf(window.location.pathname);

/** The room code in the address, following back and forward. */
export function useRoomCode(): string | undefined {
  return useSyncExternalStore(subscribe, currentCode, currentCode);
}
