import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU_ORDER, ADMIN_SCREENS } from '../../src/client/pages/admin/screens.ts';
import { MANUAL_DOCUMENTS, manualAnchor, manualHref } from '../../src/shared/manual.ts';

/**
 * The manual of issue 28.7: README.md for newcomers, the rest in docs/. Its links and
 * anchors hold, every back-office screen's help button has a section to open, and every
 * dashboard panel is described.
 */

const ROOT = new URL('../../', import.meta.url).pathname;
const SOURCES = ['README.md', ...MANUAL_DOCUMENTS.map((name) => `docs/${name}.md`)];
const read = (source: string) => readFileSync(join(ROOT, source), 'utf8');

/** The headings of a Markdown text (outside code blocks) with the anchors the renderer gives them. */
function anchorsOf(markdown: string): string[] {
  const anchors: string[] = [];
  const seen = new Map<string, number>();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = !inCode && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = manualAnchor(heading[1]!.replace(/[`*]/g, ''));
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    anchors.push(repeats === 0 ? base : `${base}-${repeats}`);
  }
  return anchors;
}

function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!);
}

describe('manual anchors', () => {
  it('are the ones GitHub makes, umlauts kept, punctuation gone', () => {
    expect(manualAnchor('Standaufsicht & Bewirtung')).toBe('standaufsicht--bewirtung');
    expect(manualAnchor('Über uns: Bildunterschriften')).toBe('über-uns-bildunterschriften');
    expect(manualAnchor('Sicherung jede Nacht (systemd-Timer)')).toBe('sicherung-jede-nacht-systemd-timer');
    expect(manualHref('verwaltung', 'Meine Daten')).toBe('/hilfe/verwaltung.html#meine-daten');
  });
});

describe('the manual', () => {
  const manual = read('docs/verwaltung.md');

  it('has a section for every back-office screen, which its help button opens', () => {
    const anchors = anchorsOf(manual);
    for (const screen of ADMIN_MENU_ORDER) {
      const { manual: heading } = ADMIN_SCREENS[screen];
      expect(anchors, `${screen}: „${heading}“`).toContain(manualAnchor(heading));
    }
  });

  it('describes every dashboard panel under its title', () => {
    const page = read('src/client/pages/admin/DashboardPage.tsx');
    const panels = page.slice(page.indexOf('const PANELS'), page.indexOf('];', page.indexOf('const PANELS')));
    const titles = [...panels.matchAll(/title: '([^']+)'/g)].map((match) => match[1]!);
    expect(titles.length).toBeGreaterThanOrEqual(13);
    const headings = headingsOf(manual);
    for (const title of titles) expect(headings, title).toContain(title);
  });

  it('shows a picture of every screen and panel it describes, each one in docs/bilder with a German description', () => {
    const pictures = [...manual.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)];
    expect(pictures.length).toBeGreaterThanOrEqual(ADMIN_MENU_ORDER.length + 13);
    for (const [, alt, path] of pictures) {
      expect(path).toMatch(/^bilder\/[a-z0-9-]+\.png$/);
      expect(existsSync(join(ROOT, 'docs', path!)), path).toBe(true);
      expect(alt!.length, path).toBeGreaterThan(10);
    }
  });

  it('has the sections of the operators’ manual that the setup checklist links to', () => {
    const checklist = read('src/server/areas/club/checklist.ts');
    const sections = [...checklist.matchAll(/kind: 'operations', section: '([^']+)'/g)].map((match) => match[1]!);
    expect(sections).toEqual(['Konfiguration', 'Betrieb im Internet']);
    const anchors = anchorsOf(read('docs/betrieb.md'));
    for (const section of sections) expect(anchors, section).toContain(manualAnchor(section));
  });

  it('keeps „Rechte pro Sparte“ with its example of a section head', () => {
    expect(headingsOf(manual)).toContain('Rechte pro Sparte');
    expect(manual).toContain('**Beispiel: eine Bogenleitung.**');
  });

  it('links between its files only to files and anchors that exist', () => {
    const anchors = new Map(SOURCES.map((source) => [source, anchorsOf(read(source))]));
    for (const source of SOURCES) {
      const folder = source.includes('/') ? source.slice(0, source.lastIndexOf('/') + 1) : '';
      for (const [, href] of read(source).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(href!) || href!.startsWith('/')) continue;
        const [path = '', fragment] = href!.split('#', 2);
        const target = path === '' ? source : join(folder, path);
        if (!target.endsWith('.md')) {
          expect(existsSync(join(ROOT, target)), `${source}: ${href}`).toBe(true);
          continue;
        }
        expect(anchors.has(target), `${source}: ${href}`).toBe(true);
        if (fragment !== undefined) expect(anchors.get(target), `${source}: ${href}`).toContain(fragment);
      }
    }
  });

  it('leaves the README short: what the site is, how to start and test it, where to read on', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThan(100);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    for (const name of MANUAL_DOCUMENTS) expect(readme).toContain(`(docs/${name}.md)`);
  });
});
