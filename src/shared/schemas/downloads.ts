import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './fields.ts';

/**
 * A download's title and description (issue 26.6): what the public list shows instead of the
 * bare file name. A title fits one line of the list on a phone in two or three lines at most;
 * a description is a sentence or two about the file, not a page.
 */
export const DOWNLOAD_LIMITS = {
  title: 120,
  description: 500,
} as const;

export const downloadTitle = requiredText('Der Titel', DOWNLOAD_LIMITS.title);
export const downloadDescription = optionalText('Die Beschreibung', DOWNLOAD_LIMITS.description);

/** Both fields are sent every time: the dialog shows both, and an empty description clears it. */
export const downloadUpdateInput = z.object({ id: idSchema, title: downloadTitle, description: downloadDescription });
export type DownloadUpdateInput = z.input<typeof downloadUpdateInput>;

export const DOWNLOAD_MESSAGES = {
  created: 'Download angelegt',
  updated: 'Download gespeichert',
  deleted: 'Download gelöscht',
} as const;

/**
 * The title a new download starts with: its file name without the extension
 * ('Aufnahmeantrag.pdf' gives 'Aufnahmeantrag'), cut to the title's limit. A name that is
 * all extension ('.htaccess') keeps its whole name; a blank one becomes 'Download'.
 * Migration 0020 gives the rows from before titles the same (with its own copy of this
 * rule, as a migration stays what it was when it ran).
 */
export function defaultDownloadTitle(filename: string): string {
  const name = filename.trim();
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot).trim() : name;
  const title = stem || name || 'Download';
  if (title.length <= DOWNLOAD_LIMITS.title) return title;
  // Cut by characters, never inside one (an emoji is two UTF-16 units), and without trailing blanks.
  let cut = '';
  for (const character of title) {
    if (cut.length + character.length > DOWNLOAD_LIMITS.title) break;
    cut += character;
  }
  return cut.trimEnd();
}
