/** The log as the page shows it (SPEC §7): newest entry first, empty lines dropped. */
export function newestFirst(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .reverse()
    .join('\n');
}
