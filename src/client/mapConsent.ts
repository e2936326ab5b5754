import { useSyncExternalStore } from 'react';
import { MAP_CONSENT_KEY } from '../shared/browserData.ts';
import { readStored, writeStored } from './browserStorage.ts';

/*
 * The visitor's consent to the maps of the contact page (SPEC §4 'Map consent'), kept in
 * the browser's localStorage under MAP_CONSENT_KEY (named on the privacy page); withdrawn
 * there. Before it, nothing is loaded from OpenStreetMap.
 */

const listeners = new Set<() => void>();

function read(): boolean {
  return readStored(MAP_CONSENT_KEY) === 'granted';
}

function write(granted: boolean): void {
  // Without storage the consent holds for this page view only.
  writeStored(MAP_CONSENT_KEY, granted ? 'granted' : null);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab gave or withdrew consent.
  const onStorage = (event: StorageEvent) => {
    if (event.key === MAP_CONSENT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useMapConsent(): { granted: boolean; grant: () => void; withdraw: () => void } {
  const granted = useSyncExternalStore(subscribe, read, () => false);
  return { granted, grant: () => write(true), withdraw: () => write(false) };
}
