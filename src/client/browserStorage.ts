/**
 * The browser's localStorage where it may be blocked (private mode, a policy) or full:
 * reading then finds nothing and writing keeps nothing, and the page behaves as for a
 * first visit. No React here: the first script (boot.ts) uses it too.
 */

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, or removes the key for null. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing kept: see above.
  }
}
