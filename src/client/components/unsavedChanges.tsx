import { createContext, lazy, Suspense, use, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Nothing typed is lost (issue 28.2), one mechanism for every form: a form with unsaved
 * changes registers here (`useUnsavedChanges`, called by the form hook `useRecordForm`, by
 * `useCloseGuard` of the dialogs and by the dashboard's own forms). While one is
 * registered, leaving the page by a link, the menu or the browser's back button asks
 * 'Änderungen verwerfen?' first, and closing or reloading the tab asks the browser's own
 * question. Closing a dialog (Esc, a click beside it, 'Abbrechen') asks the same.
 */

interface UnsavedChanges {
  /** Marks the form `id` as having (or no longer having) unsaved changes. */
  mark: (id: string, unsaved: boolean) => void;
  /** Asks 'Änderungen verwerfen?'; true: discard. */
  ask: () => Promise<boolean>;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

// The question shows only after an intent; its code need not be in a public page's first download.
const DiscardChangesDialog = lazy(async () => ({ default: (await import('./DiscardChangesDialog.tsx')).DiscardChangesDialog }));

/** Around the whole site (the root route): the one blocker of the router, the tab's question and the dialog. */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<((discard: boolean) => void) | null>(null);
  const anyUnsaved = unsaved.size > 0;

  // React Router allows one blocker; every form shares this one.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => anyUnsaved && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [anyUnsaved],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!anyUnsaved) return undefined;
    // The browser asks its own question; a page cannot word it.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyUnsaved]);

  const mark = useCallback((id: string, isUnsaved: boolean) => {
    setUnsaved((previous) => {
      if (previous.has(id) === isUnsaved) return previous;
      const next = new Set(previous);
      if (isUnsaved) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const ask = useCallback(() => new Promise<boolean>((resolve) => setPending(() => resolve)), []);

  const answer = (discard: boolean) => {
    if (pending) {
      pending(discard);
      setPending(null);
    }
    if (blocker.state === 'blocked') {
      if (discard) blocker.proceed();
      else blocker.reset();
    }
  };

  const open = pending !== null || blocker.state === 'blocked';
  const value = useMemo(() => ({ mark, ask }), [mark, ask]);
  return (
    <UnsavedChangesContext value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <DiscardChangesDialog open onDiscard={() => answer(true)} onKeepEditing={() => answer(false)} />
        </Suspense>
      )}
    </UnsavedChangesContext>
  );
}

/**
 * Registers a form's unsaved changes while `unsaved` holds (and while the form is shown);
 * returns the question to ask before the form is closed: true means discard. Without
 * changes it answers true at once.
 */
export function useUnsavedChanges(unsaved: boolean): () => Promise<boolean> {
  const context = use(UnsavedChangesContext);
  const id = useId();
  const mark = context?.mark;
  useEffect(() => {
    if (!mark) return undefined;
    mark(id, unsaved);
    return () => mark(id, false);
  }, [mark, id, unsaved]);
  const ask = context?.ask;
  return useCallback(() => (unsaved && ask ? ask() : Promise.resolve(true)), [unsaved, ask]);
}

/**
 * A dialog's close with the question (Esc, a click beside it, 'Abbrechen', a close button):
 * with unsaved changes it asks first and closes only on 'Verwerfen'. Registered only while
 * the dialog is open, so a closed dialog never holds the page.
 */
export function useCloseGuard(open: boolean, unsaved: boolean, onClose: () => void): () => void {
  const confirmDiscard = useUnsavedChanges(open && unsaved);
  return useCallback(() => {
    void confirmDiscard().then((discard) => {
      if (discard) onClose();
    });
  }, [confirmDiscard, onClose]);
}
