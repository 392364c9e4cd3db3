import { useSyncExternalStore } from 'react';
import { readPreference, writePreference } from './storage';

export type Theme = 'light' | 'dark';

const storageKey = 'questa.theme';
const listeners = new Set<() => void>();
let chosen: Theme | undefined;

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readChoice(): Theme | undefined {
  const saved = readPreference(storageKey);
  return saved === 'light' || saved === 'dark' ? saved : undefined;
}

function currentTheme(): Theme {
  return chosen ?? (darkQuery().matches ? 'dark' : 'light');
}

/**
 * Applies a saved choice before the first render. Without one, no attribute is set and the
 * stylesheet follows the operating system through `prefers-color-scheme`.
 */
export function applySavedTheme(): void {
  chosen = readChoice();
  if (chosen) document.documentElement.dataset.theme = chosen;
}

export function setTheme(theme: Theme): void {
  chosen = theme;
  writePreference(storageKey, theme);
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  const query = darkQuery();
  listeners.add(listener);
  query.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', listener);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme);
}
