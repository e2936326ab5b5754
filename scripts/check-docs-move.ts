import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 28.7 moved the README's text into docs/ without losing any: every non-empty line of
 * the README at a given commit or branch (default: main) must stand in README.md or a docs/
 * file now, apart from headings, which the move restructured. For merging a branch that still
 * added a section to the old README:
 *
 *   node scripts/check-docs-move.ts <branch>
 *
 * lists each line of that branch's README that is nowhere now, so it can be placed.
 */

const ROOT = new URL('../', import.meta.url).pathname;
const ref = process.argv[2] ?? 'main';

/** Lines the move reworded on purpose (what they pointed to moved), with their new wording. */
const REWORDED = new Map([
  ['„Sparten“ unter „Kalender und Termine“), Benutzer 1, alle Infotexte und Hinweise).', '„Sparten“ unter „Gruppen“ in [docs/verwaltung.md](docs/verwaltung.md)), Benutzer 1, alle Infotexte und Hinweise).'],
  [
    '| `npm run lighthouse` | Lighthouse (Mobil) auf jeder öffentlichen Seite der gebauten Website, Tabelle in dieses README (siehe „Öffentliche Seiten, Suchmaschinen und Vorschauen“); kein Test |',
    '| `npm run lighthouse` | Lighthouse (Mobil) auf jeder öffentlichen Seite der gebauten Website, Tabelle in diese Datei (siehe „Lighthouse“); kein Test |',
  ],
]);

const old = execFileSync('git', ['show', `${ref}:README.md`], { cwd: ROOT, encoding: 'utf8' });
const files = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const now = new Set(files.flatMap((file) => readFileSync(join(ROOT, file), 'utf8').split('\n').map((line) => line.trim())));

const missing = old
  .split('\n')
  .map((line, index) => ({ line: line.trim(), number: index + 1, heading: line.startsWith('#') }))
  .filter(({ line, heading }) => line !== '' && !heading && !now.has(line) && !now.has(REWORDED.get(line) ?? '\0'));

for (const { number, line } of missing) process.stdout.write(`README.md:${number} (${ref}) fehlt: ${line}\n`);
process.stdout.write(
  missing.length === 0 ? `Jede Zeile des README von ${ref} steht in README.md oder docs/.\n` : `${missing.length} Zeilen des README von ${ref} stehen weder in README.md noch in docs/.\n`,
);
process.exitCode = missing.length === 0 ? 0 : 1;
