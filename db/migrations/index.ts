import type { Migration } from 'kysely/migration';
import * as initial from './0001_initial.ts';
import * as storedFileNames from './0002_stored_file_names.ts';

/** Every migration in order; listed statically so no file system scan is needed at start. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_stored_file_names': storedFileNames,
};
