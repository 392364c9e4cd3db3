// Storage can be disabled or full (private browsing, strict privacy settings); preferences are a
// convenience, so failing to read or write them must never break the page.

export function readPreference(key: string): string | undefined {
  try {
    return window.localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Keep the choice for this visit only.
  }
}
