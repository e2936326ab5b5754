import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import sharp from 'sharp';
import { ADMIN_PASSWORD, ADMIN_UID, CLIENT_DIR, PROJECT_ROOT, startSite, type Site } from '../e2e/support/site.ts';
import { PUBLIC_PAGES } from '../../src/client/publicPages.ts';
import { uploadClubFace } from './face.ts';
import { formatTable } from './table.ts';

/**
 * `npm run lighthouse` (issue 17): Lighthouse with its default mobile settings (simulated
 * slow 4G, a mid-range phone's CPU) on every public page of the built site, filled with a
 * club's usual content; the table goes into docs/code.md with the machine it was measured
 * on. Not a test: the aims are reported, not enforced. Each page is audited three times and
 * Lighthouse's own median run reported (its simulation scales the CPU time it observed, which
 * varies between runs); a bare static page served by Node alone is audited the same way
 * first, so the table shows what the machine and the simulated phone allow at best. After
 * every page, the home page once more with the club's logo and a wide picture uploaded
 * (issue 26.3), the picture being its largest element. LIGHTHOUSE_ONLY (comma-separated
 * paths, e.g. `/home`) audits only those pages, prints the table and leaves docs/code.md alone.
 */

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The code's documentation, section 'Lighthouse' (issue 28.7 moved it out of the README). */
const TABLE_FILE = join(PROJECT_ROOT, 'docs', 'code.md');
const BEGIN = '<!-- lighthouse:begin -->';
const END = '<!-- lighthouse:end -->';

/** The aims of issue 17. */
const AIMS = { performance: 98, others: 100, fcpMs: 1000, lcpMs: 1500, tbtMs: 50, cls: 0.01 } as const;

interface PageResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits below full marks that cost points, for whoever wants to improve the page. */
  shortfalls: string[];
  /** How fast Lighthouse found the machine during this run (its "benchmark index"). */
  benchmarkIndex: number;
}

/** The addresses of the filled site whose path has a parameter. */
interface FilledPaths {
  albumPath: string;
  articlePath: string;
  signupPath: string;
}

/** What a club shows: appointments, an album with photos, three articles with covers, downloads, results, a sponsor, notices. */
async function fillSite(site: Site): Promise<FilledPaths> {
  const authorization = `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}`;
  const send = async (method: string, path: string, body: unknown, expected = 201) => {
    const response = await fetch(`${site.baseUrl}${path}`, {
      method,
      headers: { authorization, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as { data: { id: number } };
  };
  const group = await send('POST', '/api/groups', { name: 'Bogenabteilung', permissions: [] });
  const names = ['Vereinsmeisterschaft Luftgewehr', 'Training für Einsteiger', 'Kreismeisterschaft Bogen', 'Arbeitseinsatz am Parcours', 'Weihnachtsfeier', 'Blasrohr-Schnupperabend'];
  const appointmentIds: number[] = [];
  for (const [index, name] of names.entries()) {
    const day = String(5 + index * 3).padStart(2, '0');
    const appointment = await send('POST', '/api/calendar', {
      name,
      datetime_begin: `2099-12-${day} 18:00:00`,
      datetime_end: `2099-12-${day} 21:00:00`,
      location: index % 2 === 0 ? 'Schützenhaus' : 'Bogenplatz am Waldweg',
      visibility: 1,
      description: 'Alle Mitglieder und Gäste sind herzlich eingeladen. Bitte meldet euch bis eine Woche vorher an.',
      notes: '',
      assignment: group.data.id,
      status: 2,
      attachments: [],
      notify: 0,
    });
    appointmentIds.push(appointment.data.id);
  }
  // Sign-ups (issue 29) for the championship: its public page /anmeldung/<id> with the form.
  const signupId = appointmentIds[0]!;
  await send('PUT', `/api/registrations/${signupId}`, { places: 40, fields: { phone: 'optional', birthdate: 'off', club: 'required', custom: [] } }, 200);
  // A weekly training for a year (issue 26, point 5): one entry with its rhythm, 52 evenings behind a disclosure.
  const tuesday = new Date();
  tuesday.setDate(tuesday.getDate() + 7 + ((9 - tuesday.getDay()) % 7));
  const date = `${tuesday.getFullYear()}-${String(tuesday.getMonth() + 1).padStart(2, '0')}-${String(tuesday.getDate()).padStart(2, '0')}`;
  await send('POST', '/api/calendar', {
    name: 'Jugendtraining Luftgewehr',
    datetime_begin: `${date} 18:30:00`,
    datetime_end: `${date} 20:00:00`,
    location: 'Schützenhaus',
    visibility: 1,
    description: 'Für Jugendliche ab 12 Jahren; Sportgeräte stellt der Verein.',
    notes: '',
    assignment: group.data.id,
    status: 2,
    attachments: [],
    notify: 0,
    recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU'], end: { count: 52 } },
  });
  const album = await send('POST', '/api/albums', { name: 'Königsschießen', section: 'club' });
  const form = new FormData();
  form.append('album_id', String(album.data.id));
  for (const [name, background] of [['koenig.jpg', '#2a6'], ['stand.jpg', '#a62'], ['feier.jpg', '#26a'], ['parcours.jpg', '#6a2']] as const) {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background, noise: { type: 'gaussian', mean: 110, sigma: 12 } } }).jpeg({ quality: 82 }).toBuffer();
    form.append('files[]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  }
  await send('POST', '/api/images', form);
  await send('PUT', '/api/sectionalert/appointments', { enabled: true, text: 'Die Termine des neuen Jahres folgen im Januar.' }, 200);
  // The news (issue 27): three published articles with covers, so the home page shows three pictures.
  const articles = [
    ['Kreismeisterschaft: drei Titel für den Bogen', 'Unsere Bogenschützen holen bei der Kreismeisterschaft drei Titel und zwei zweite Plätze.', 'arch', '#2a6'],
    ['Einladung zum Sommerfest', 'Am ersten Juliwochenende feiern wir am Schützenhaus – mit Kinderschießen und Grill.', 'club', '#a62'],
    ['Neue Trainingszeiten im Winter', 'Ab November trainieren Luftgewehr und Luftpistole dienstags und freitags ab 18 Uhr.', 'gun', '#26a'],
  ] as const;
  let slug = '';
  for (const [title, teaser, section, background] of articles) {
    const cover = new FormData();
    const picture = await sharp({ create: { width: 1600, height: 1067, channels: 3, background, noise: { type: 'gaussian', mean: 110, sigma: 12 } } }).jpeg({ quality: 82 }).toBuffer();
    cover.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'titelbild.jpg');
    const stored = await send('POST', '/api/news/pictures', cover);
    const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    const body = {
      type: 'doc',
      content: [
        paragraph(teaser),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Die Ergebnisse' }] },
        { type: 'bulletList', content: ['Einzel Recurve: Platz 1', 'Einzel Compound: Platz 1', 'Mannschaft: Platz 1'].map((text) => ({ type: 'listItem', content: [paragraph(text)] })) },
        { type: 'paragraph', content: [{ type: 'text', text: 'Alle Ergebnisse beim Kreis', marks: [{ type: 'link', attrs: { href: 'https://www.example.org/' } }] }] },
      ],
    };
    const response = await fetch(`${site.baseUrl}/trpc/news.create`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title, teaser, body, section, coverImageId: stored.data.id, appointmentId: null, albumId: null, state: 'published' }),
    });
    if (response.status !== 200) throw new Error(`news.create: ${response.status} ${(await response.text()).slice(0, 200)}`);
    slug ||= ((await response.json()) as { result: { data: { data: { slug: string } } } }).result.data.data.slug;
  }
  return { albumPath: `/galerien/verein?album=${album.data.id}`, articlePath: `/aktuelles/${slug}`, signupPath: `/anmeldung/${signupId}` };
}

/** The row of the home page with the club's logo and picture (issue 26.3). */
const HOME_WITH_PICTURE = '/home (mit Logo und Titelbild)';

/** The paths LIGHTHOUSE_ONLY names, or undefined for every page. */
function lighthouseOnly(): string[] | undefined {
  const raw = process.env.LIGHTHOUSE_ONLY;
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.split(',').map((path) => path.trim()).filter(Boolean);
}

/** The best case: a heading and a paragraph, served compressed by Node's own server. */
const BASELINE_PAGE = brotliCompressSync(
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Bezugsseite</title><meta name="description" content="Eine Überschrift und ein Absatz, sonst nichts."></head>' +
    '<body><main><h1>Bezugsseite</h1><p>Eine Überschrift und ein Absatz, sonst nichts: was Rechner und simuliertes Telefon bestenfalls erlauben.</p></main></body></html>',
);

async function startBaseline(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': BASELINE_PAGE.length }).end(BASELINE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Bezugsseite: keine Adresse');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections open; they would hold close() forever.
        server.closeAllConnections();
      }),
  };
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return CHROME_PATH;
  }
}

const RUNS = 3;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Audits `url` RUNS times and picks the median run as Lighthouse's own tools do. */
async function audit(port: number, url: string, path: string): Promise<PageResult> {
  const runs: LighthouseResult[] = [];
  for (let run = 0, attempts = 0; run < RUNS; attempts++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${path}`);
    // A run that could not measure the page (no paint, a lost trace on a busy machine) is
    // tried again a few times, then named, instead of failing the median without a reason.
    const failure = result.lhr.runtimeError;
    if (failure && attempts < RUNS + 2) continue;
    if (failure) throw new Error(`Lighthouse konnte ${path} nicht messen: ${failure.code} ${failure.message}`);
    runs.push(result.lhr);
    run++;
  }
  // The module's types name Lighthouse's global namespace, which its package does not export.
  const lhr = computeMedianRun(runs) as LighthouseResult;
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const shortfalls = Object.values(audits)
    .filter((entry) => entry.score !== null && entry.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(entry.scoreDisplayMode))
    .map((entry) => `${entry.id}${entry.displayValue ? ` (${entry.displayValue})` : ''}`);
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    shortfalls,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function meetsAims(row: PageResult): boolean {
  return (
    row.performance >= AIMS.performance &&
    row.accessibility >= AIMS.others &&
    row.bestPractices >= AIMS.others &&
    row.seo >= AIMS.others &&
    row.fcpMs <= AIMS.fcpMs &&
    row.lcpMs <= AIMS.lcpMs &&
    row.tbtMs <= AIMS.tbtMs &&
    row.cls <= AIMS.cls
  );
}

function resultTable(rows: readonly PageResult[]): string {
  const seconds = (ms: number) => (ms / 1000).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return formatTable(
    [
      { title: 'Seite', align: 'left' },
      { title: 'Leistung', align: 'right' },
      { title: 'Barrierefreiheit', align: 'right' },
      { title: 'Empfehlungen', align: 'right' },
      { title: 'SEO', align: 'right' },
      { title: 'FCP (s)', align: 'right' },
      { title: 'LCP (s)', align: 'right' },
      { title: 'TBT (ms)', align: 'right' },
      { title: 'CLS', align: 'right' },
      { title: 'Ziele', align: 'left' },
    ],
    rows.map((row) => [
      row.path,
      String(row.performance),
      String(row.accessibility),
      String(row.bestPractices),
      String(row.seo),
      seconds(row.fcpMs),
      seconds(row.lcpMs),
      String(Math.round(row.tbtMs)),
      row.cls.toLocaleString('de-DE', { maximumFractionDigits: 3 }),
      meetsAims(row) ? 'erfüllt' : 'verfehlt',
    ]),
  );
}

async function writeReadme(section: string): Promise<void> {
  const readme = await readFile(TABLE_FILE, 'utf8');
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/code.md: die Marken ${BEGIN} und ${END} fehlen.`);
  await writeFile(TABLE_FILE, `${readme.slice(0, begin + BEGIN.length)}\n${section}\n${readme.slice(end)}`);
}

async function main(): Promise<void> {
  if (!existsSync(join(CLIENT_DIR, 'index.html'))) {
    process.stderr.write('dist/client/index.html fehlt: Lighthouse misst die gebaute Website. Bitte zuerst `npm run build` ausführen.\n');
    process.exit(1);
  }
  const site = await startSite();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const { albumPath, articlePath, signupPath } = await fillSite(site);
    const pathsOf = (page: (typeof PUBLIC_PAGES)[number]) => {
      if (page.id === 'galleries') return ['/galerien/verein', albumPath];
      if (page.id === 'newsArticle') return [articlePath];
      if (page.id === 'signup') return [signupPath];
      return [page.path];
    };
    const all = PUBLIC_PAGES.flatMap(pathsOf);
    // LIGHTHOUSE_ONLY=/home,/aktuelles,/aktuelles/*: a quick look at a few pages, printed but not written into docs/code.md.
    const only = lighthouseOnly()?.map((path) => (path === '/aktuelles/*' ? articlePath : path === '/anmeldung/*' ? signupPath : path));
    const paths = only ? all.filter((path) => only.includes(path)) : all;
    const baseline = await startBaseline();
    const rows: PageResult[] = [];
    try {
      process.stderr.write('Lighthouse: Bezugsseite …\n');
      rows.push(await audit(chrome.port, baseline.url, 'Bezugsseite (statisch)'));
    } finally {
      await baseline.stop();
    }
    for (const path of paths) {
      process.stderr.write(`Lighthouse: ${path} …\n`);
      rows.push(await audit(chrome.port, `${site.baseUrl}${path}`, path));
    }
    if (!only || only.includes('/home')) {
      process.stderr.write(`Lighthouse: ${HOME_WITH_PICTURE} …\n`);
      await uploadClubFace(site.baseUrl, ADMIN_UID, ADMIN_PASSWORD);
      rows.push(await audit(chrome.port, `${site.baseUrl}/home`, HOME_WITH_PICTURE));
    }
    const indexes = rows.map((row) => row.benchmarkIndex).sort((a, b) => a - b);
    const benchmarkIndex = indexes[Math.floor(indexes.length / 2)];
    const [cpu] = cpus();
    const machine =
      `Gemessen am ${new Date().toLocaleDateString('de-DE')} mit Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} ` +
      `(Voreinstellung Mobil: simuliertes langsames 4G, 4-fach gedrosselte CPU; Median aus ${RUNS} Läufen je Seite) in ${chromiumVersion()}, Node ${process.version}, ` +
      `auf ${cpus().length} × ${cpu?.model.trim() ?? 'unbekannte CPU'} mit ${Math.round(totalmem() / 2 ** 30)} GiB` +
      (benchmarkIndex ? `, Lighthouse-Benchmark-Index ${Math.round(benchmarkIndex)} (Median der Läufe)` : '') +
      '. Ziele: Leistung ≥ 98, sonst 100, FCP ≤ 1,0 s, LCP ≤ 1,5 s, TBT ≤ 50 ms, CLS ≤ 0,01.';
    const table = resultTable(rows);
    process.stdout.write(`\n${machine}\n\n${table}\n`);
    for (const row of rows.filter((entry) => !meetsAims(entry))) process.stdout.write(`verfehlt: ${row.path}: ${row.shortfalls.join(', ')}\n`);
    if (only) {
      process.stderr.write('LIGHTHOUSE_ONLY: docs/code.md bleibt unverändert.\n');
      return;
    }
    await writeReadme(`${machine}\n\n${table}`);
    process.stderr.write('docs/code.md: Tabelle eingetragen.\n');
  } finally {
    chrome.kill();
    await site.stop();
  }
}

await main();
