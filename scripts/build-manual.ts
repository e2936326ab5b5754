import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { MANUAL_DOCUMENTS, MANUAL_PATH, manualAnchor } from '../src/shared/manual.ts';

/**
 * Renders the manual (README.md and docs/*.md, issue 28.7) into static pages of the client
 * build, dist/client/hilfe/, with the pictures of docs/bilder/: the server sends them like
 * any built file (strict CSP, no script), so every installation has its manual at
 * /hilfe/verwaltung.html without another address to configure. Runs in `npm run build`,
 * before scripts/compress.ts, which adds their .br/.gz. `npm run dev` serves them from a
 * folder of its own and writes them again when a document changes.
 */

const ROOT = new URL('../', import.meta.url).pathname;
const OUT = join(ROOT, 'dist/client', MANUAL_PATH);

/** Source and page of each document; links between them follow (`betrieb.md#…` to `betrieb.html#…`). */
const PAGES: readonly { source: string; page: string }[] = [
  { source: 'README.md', page: 'index.html' },
  ...MANUAL_DOCUMENTS.map((name) => ({ source: `docs/${name}.md`, page: `${name}.html` })),
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A link of the Markdown as it works on the site: to the other pages, or unchanged (web addresses). */
function siteHref(href: string): string {
  const [path = '', fragment] = href.split('#', 2);
  const target = PAGES.find(({ source }) => path === source || path === `../${source}` || `docs/${path}` === source);
  if (!target) return href;
  return fragment === undefined ? target.page : `${target.page}#${fragment}`;
}

/** Markdown to HTML: headings with GitHub's anchors, raw HTML shown as text (the docs quote tags), comments dropped. */
function render(markdown: string): { html: string; title: string } {
  const seen = new Map<string, number>();
  let title = '';
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === 'link' || token.type === 'image') {
        const link = token as Tokens.Link | Tokens.Image;
        link.href = siteHref(link.href);
      }
    },
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, { tokens, depth, text }: Tokens.Heading) {
        const base = manualAnchor(text.replace(/[`*]/g, ''));
        const repeats = seen.get(base) ?? 0;
        seen.set(base, repeats + 1);
        const id = repeats === 0 ? base : `${base}-${repeats}`;
        if (depth === 1 && !title) title = text.replace(/[`*]/g, '');
        return `<h${depth} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return text.trimStart().startsWith('<!--') ? '' : escapeHtml(text);
      },
    },
  });
  return { html: marked.parse(markdown, { async: false }), title };
}

function document(title: string, body: string): string {
  const nav = PAGES.map(({ page }) => page)
    .map((page) => {
      const label = { 'index.html': 'Überblick', 'verwaltung.html': 'Verwaltung', 'betrieb.html': 'Betrieb', 'schnittstellen.html': 'Schnittstellen', 'code.html': 'Code' }[page];
      return `<a href="${page}">${label}</a>`;
    })
    .join('\n        ');
  return `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)} – Hilfe</title>
    <link rel="stylesheet" href="hilfe.css" />
  </head>
  <body>
    <header>
      <nav aria-label="Hilfe">
        ${nav}
        <a href="/admin">Zur Verwaltung</a>
      </nav>
    </header>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

/** Plain, readable on a phone: long words and addresses break, wide tables and code scroll in their box. */
const STYLE = `body { font-family: system-ui, sans-serif; line-height: 1.55; margin: 0; color: #1c1c1c; overflow-wrap: anywhere; hyphens: auto; }
header { background: #1b5e20; padding: 0.5rem 1rem; }
header nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; max-width: 60rem; margin: 0 auto; }
header a { color: #fff; }
main { max-width: 60rem; margin: 0 auto; padding: 0 1rem 3rem; }
h1, h2, h3, h4 { line-height: 1.25; overflow-wrap: normal; scroll-margin-top: 0.75rem; }
h2 { border-bottom: 1px solid #ddd; padding-bottom: 0.25rem; margin-top: 2.5rem; }
a { color: #1b5e20; }
img { max-width: 100%; height: auto; border: 1px solid #ccc; }
code { background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; font-size: 0.92em; }
pre { background: #f3f3f3; padding: 0.75rem; overflow-x: auto; }
pre code { padding: 0; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.5rem; vertical-align: top; text-align: left; }
`;

/** Writes the manual's pages, style and pictures into `out` (the build's dist/client/hilfe, or `npm run dev`'s own folder). */
export async function buildManual(out: string): Promise<{ pages: number; pictures: number }> {
  await rm(out, { recursive: true, force: true });
  await mkdir(join(out, 'bilder'), { recursive: true });
  for (const { source, page } of PAGES) {
    const { html, title } = render(await readFile(join(ROOT, source), 'utf8'));
    await writeFile(join(out, page), document(title, html));
  }
  await writeFile(join(out, 'hilfe.css'), STYLE);
  const pictures = (await readdir(join(ROOT, 'docs/bilder'))).filter((name) => name.endsWith('.png'));
  await Promise.all(pictures.map((name) => copyFile(join(ROOT, 'docs/bilder', name), join(out, 'bilder', name))));
  return { pages: PAGES.length, pictures: pictures.length };
}

if (import.meta.main) {
  const built = await buildManual(OUT);
  process.stdout.write(`build-manual: ${built.pages} Seiten und ${built.pictures} Bilder unter dist/client${MANUAL_PATH}\n`);
}
