import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { settled, sidewaysProblems } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Appointments at a glance (issue 26, point 5) as a visitor reads /termine: months as
 * headings, the weekday and the date once, a weekly training as one entry with its rhythm
 * and next dates that opens to all of them, its description and attachment behind 'Details',
 * and the feed as plain links; without JavaScript, on a desktop and on a 360 px phone.
 */

const PHONE = { width: 360, height: 740 };
const SERIES = 'Jugendtraining Bogen';
const SINGLE = 'Kreismeisterschaft Halle';
const ATTACHMENT = 'Trainingsplan.txt';
const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

/** A Tuesday at least two days ahead, 18:30: every evening of the series is upcoming. */
function firstTuesday(): Dayjs {
  let day = dayjs().add(2, 'day').hour(18).minute(30).second(0).millisecond(0);
  while (day.day() !== 2) day = day.add(1, 'day');
  return day;
}
const FIRST = firstTuesday();
const EVENINGS = Array.from({ length: 8 }, (_, index) => FIRST.add(index, 'week'));
/** The Saturday after the first evening, 10:00, until Sunday 16:00. */
const SATURDAY = FIRST.add(4, 'day').hour(10).minute(0);

const session = useSite(async (started) => {
  const groups = (await (await fetch(`${started.baseUrl}/api/groups`, { headers: { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}`, 'x-requested-with': 'XMLHttpRequest' } })).json()) as { data: { id: number; name: string }[] };
  const bogen = groups.data.find((group) => group.name === 'Bogen')!.id;
  const form = new FormData();
  form.append('attachments[]', new Blob(['Aufwärmen, dann 3 × 10 Pfeile'], { type: 'text/plain' }), ATTACHMENT);
  const upload = (await writeAsAdmin(started, 'POST', '/calendar/upload', form)) as unknown as { data: { id: number }[] };
  const base = { visibility: 1, status: 1, notes: 'Schlüssel bei Hans', assignment: bogen, notify: 0 };
  await writeAsAdmin(started, 'POST', '/calendar', {
    ...base,
    name: SERIES,
    datetime_begin: FIRST.format('YYYY-MM-DD HH:mm'),
    datetime_end: FIRST.hour(21).minute(0).format('YYYY-MM-DD HH:mm'),
    location: 'Vereinsheim',
    description: 'Bitte [fett:an]eigene Pfeile[fett:aus] mitbringen.',
    attachments: upload.data.map((file) => file.id),
    recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU'], end: { count: EVENINGS.length } },
  });
  await writeAsAdmin(started, 'POST', '/calendar', {
    ...base,
    name: SINGLE,
    datetime_begin: SATURDAY.format('YYYY-MM-DD HH:mm'),
    datetime_end: SATURDAY.add(1, 'day').hour(16).format('YYYY-MM-DD HH:mm'),
    location: 'Sporthalle Nachbarort',
    description: '',
    attachments: [],
  });
});
const { visit } = session;

/** `Di, 01.12.2026, 18:30–21:00` */
function evening(day: Dayjs): string {
  return `${WEEKDAYS[day.day()]}, ${day.format('DD.MM.YYYY')}, 18:30–21:00`;
}

function entry(page: Page, title: string): Locator {
  return page.locator('li.appointment').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

/** A disclosure's line (<summary>), by what it says. */
function disclosure(scope: Locator, text: string): Locator {
  return scope.locator('summary').filter({ hasText: text });
}

async function expectSeriesAtAGlance(page: Page): Promise<void> {
  // The month of the first evening is a heading; the series is one entry in it.
  await page.getByRole('heading', { level: 2, name: FIRST.locale('de').format('MMMM YYYY') }).waitFor();
  expect(await page.getByRole('heading', { level: 3, name: SERIES, exact: true }).count()).toBe(1);
  const series = entry(page, SERIES);
  const next = EVENINGS.slice(0, 3).map((day) => day.format('DD.MM.')).join(', ');
  expect(await series.locator('.appointment-when').innerText()).toBe(`jeden Dienstag, 18:30–21:00 · nächste: ${next}`);
  // All evenings are in the page, behind a disclosure: the entry stays short until it is opened.
  const dates = series.locator('.appointment-dates li');
  expect(await dates.count()).toBe(EVENINGS.length);
  expect(await dates.first().isVisible()).toBe(false);
  await disclosure(series, `Alle ${EVENINGS.length} Termine`).click();
  await dates.first().waitFor();
  expect(await dates.allInnerTexts()).toEqual(EVENINGS.map(evening));
  // A single appointment over two days gives both dates.
  const saturday = `Sa, ${SATURDAY.format('DD.MM.YYYY')}, 10:00 – So, ${SATURDAY.add(1, 'day').format('DD.MM.YYYY')}, 16:00`;
  expect(await entry(page, SINGLE).locator('.appointment-when').innerText()).toBe(saturday);
}

async function expectDetailsAndFeeds(page: Page): Promise<void> {
  const series = entry(page, SERIES);
  const description = series.getByText('Bitte eigene Pfeile mitbringen.');
  expect(await description.isVisible()).toBe(false);
  await disclosure(series, `Details zu ${SERIES}`).click();
  await description.waitFor();
  expect(await series.locator('strong').innerText()).toBe('eigene Pfeile');
  const link = series.getByRole('link', { name: ATTACHMENT });
  expect(await (await page.request.get(String(await link.getAttribute('href')))).text()).toBe('Aufwärmen, dann 3 × 10 Pfeile');
  expect(await page.locator('body').innerText()).not.toContain('Schlüssel bei Hans');
  await disclosure(entry(page, SINGLE), `Details zu ${SINGLE}`).click();
  await entry(page, SINGLE).getByText('Keine Beschreibung vorhanden', { exact: true }).waitFor();

  // The feed as plain links: subscribe (webcal) and download (https, here the test's http).
  const subscribe = page.getByRole('link', { name: 'In Kalender-App abonnieren' });
  expect(await subscribe.getAttribute('href')).toBe(`${session.site.baseUrl.replace(/^http:/, 'webcal:')}/api/public/calendar.ics`);
  const download = page.getByRole('link', { name: 'Als iCal-Datei herunterladen' });
  expect(await download.getAttribute('href')).toBe(`${session.site.baseUrl}/api/public/calendar.ics`);
  const feed = await page.request.get(String(await download.getAttribute('href')));
  expect(await feed.text()).toContain(`SUMMARY:${SERIES}`);
}

describe('appointments at a glance', () => {
  it('without JavaScript on a desktop: a series as one entry that opens to all its dates, details and feeds as plain HTML', async () => {
    const visitor = await visit({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const { page } = visitor;
    await page.goto('/termine');
    await expectSeriesAtAGlance(page);
    await expectDetailsAndFeeds(page);
    // A section's page offers the section's own feed.
    await page.getByRole('navigation', { name: 'Sparten' }).getByRole('link', { name: 'Bogen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Termine der Sparte Bogen' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sparte Bogen in Kalender-App abonnieren' }).getAttribute('href')).toBe(`${session.site.baseUrl.replace(/^http:/, 'webcal:')}/api/public/calendar/bogen.ics`);
    expect(await page.getByRole('link', { name: 'Sparte Bogen als iCal-Datei herunterladen' }).getAttribute('href')).toBe(`${session.site.baseUrl}/api/public/calendar/bogen.ics`);
    expect(visitor.requests.filter((path) => path.startsWith('/trpc'))).toEqual([]);
  });

  it('without JavaScript on a 360 px phone: short entries, everything within the width, fingertip-sized lines', async () => {
    const { page } = await visit({ javaScriptEnabled: false, viewport: PHONE, phone: true });
    await page.goto('/termine');
    await page.getByRole('heading', { level: 1, name: 'Termine' }).waitFor();
    // Closed, the series' entry is a few lines, not eight evenings and a description.
    const box = await entry(page, SERIES).boundingBox();
    expect(box!.height).toBeLessThan(320);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    // Each disclosure's line and each feed link is a fingertip high.
    const targets = [...(await page.locator('li.appointment summary').all()), page.getByRole('link', { name: 'In Kalender-App abonnieren' }), page.getByRole('link', { name: 'Als iCal-Datei herunterladen' })];
    for (const target of targets) expect((await target.boundingBox())!.height, await target.innerText()).toBeGreaterThanOrEqual(44);
    await expectSeriesAtAGlance(page);
    await expectDetailsAndFeeds(page);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
  });

  it.each([
    ['on a desktop', { width: 1280, height: 800 }],
    ['on a 360 px phone', PHONE],
  ])('with JavaScript %s: the same, and a tap on the entry opens its details', async (_label, viewport) => {
    const phone = viewport.width === PHONE.width;
    const { page } = await visit({ viewport, phone });
    await page.goto('/termine');
    await settled(page);
    await expectSeriesAtAGlance(page);
    const single = entry(page, SINGLE);
    const empty = single.getByText('Keine Beschreibung vorhanden', { exact: true });
    expect(await empty.isVisible()).toBe(false);
    if (phone) await single.locator('.appointment-when').tap();
    else await single.locator('.appointment-when').click();
    await empty.waitFor();
    // The entry's own line closes it again; the rest below checks the disclosures themselves.
    await disclosure(single, `Details zu ${SINGLE}`).click();
    await empty.waitFor({ state: 'hidden' });
    await expectDetailsAndFeeds(page);
    expect(await sidewaysProblems(page, viewport.width)).toEqual([]);
    await expectNoSeriousAccessibilityViolations(page);

    // The home page names the series once, with its rhythm.
    await page.goto('/home');
    const next = page.getByRole('region', { name: 'Nächste Termine' });
    await next.getByText(SERIES).waitFor();
    expect(await next.getByText(SERIES).count()).toBe(1);
    await next.getByText(/^jeden Dienstag, 18:30–21:00 · nächste: /).waitFor();
  });
});
