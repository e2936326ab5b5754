import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatOpeningDay, openingHours } from '../../src/shared/openingHours.ts';
import { DEFAULT_OPENING_RULE } from '../../src/shared/courseFacts.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { E2E_CLUB_PROFILE } from './support/club.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The club's texts (SPEC §2, §4, §5, §9) as an administrator writes them in the dashboard
 * and visitors read them. The tests build on each other: what the administrator saves in
 * the first test is what the later ones look for.
 */

const NOTICE = '[fett:an]wichtig[fett:aus] Training fällt aus';
const SCRIPT_TEXT = '<script>window.__pwned=1</script>';
const ARCH_TIMES = 'Training [fett:an]dienstags[fett:aus] ab 18 Uhr';
const TOO_LONG_MESSAGE = 'Der Text darf nicht länger als 255 Zeichen sein!';
const VIEWER = { uid: '40000001', password: 'Ansehen2026' };

const { visit } = useSite(async (site) => {
  await createMember(site.databaseFile, { ...VIEWER, groupName: 'Nur ansehen', permissions: ['dashboard_view'] });
});

/** Waits for the snackbar with exactly this text. */
async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

async function openPanel(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.getByRole('region', { name: title, exact: true }).waitFor();
}

function editor(page: Page, name: string): Locator {
  return page.getByRole('form', { name, exact: true });
}

/** The times text of a section, on its tab of the panel 'Schießzeiten', where it is edited under the timetable. */
async function timesText(page: Page, section: string): Promise<Locator> {
  await page.getByRole('region', { name: 'Schießzeiten', exact: true }).getByRole('tab', { name: section, exact: true }).click();
  return editor(page, 'Text unter der Tabelle');
}

function textField(form: Locator): Locator {
  return form.getByRole('textbox', { name: 'Text', exact: true });
}

async function expectSlide(slide: Locator, position: number): Promise<void> {
  await expect.poll(() => slide.getAttribute('aria-label')).toMatch(new RegExp(`^${position} von 4: `));
}

async function bodyText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

describe('content in the dashboard and on the public pages', () => {
  it('lets the administrator switch on a notice with bold text and refuses a text that is too long', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await openPanel(page, 'Hinweise');
    const gun = editor(page, 'Hinweis LG/LP');
    await gun.getByRole('switch', { name: 'Hinweis anzeigen' }).check();
    await textField(gun).fill(NOTICE);
    // The preview shows what visitors will see: bold, without markers.
    const preview = gun.getByRole('group', { name: 'Vorschau: Text' });
    expect(await preview.locator('strong').innerText()).toBe('wichtig');
    expect(await preview.innerText()).not.toContain('[fett:');
    await gun.getByText(`${NOTICE.length}/255`).waitFor();
    await gun.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Hinweis gespeichert');

    // 256 characters are refused under the field, before anything is sent.
    const blowpipe = editor(page, 'Hinweis Blasrohr');
    await textField(blowpipe).fill('x'.repeat(256));
    await blowpipe.getByText('256/255').waitFor();
    await blowpipe.getByRole('button', { name: 'Speichern' }).click();
    await blowpipe.getByText(TOO_LONG_MESSAGE).waitFor();

    // Markup is text, never HTML.
    await blowpipe.getByRole('switch', { name: 'Hinweis anzeigen' }).check();
    await textField(blowpipe).fill(SCRIPT_TEXT);
    expect(await blowpipe.getByText(TOO_LONG_MESSAGE).count()).toBe(0);
    await blowpipe.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Hinweis gespeichert');

    await openPanel(page, 'Schießzeiten');
    const archTimes = await timesText(page, 'Bogen');
    await textField(archTimes).fill(ARCH_TIMES);
    await archTimes.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Text gespeichert');

    await openPanel(page, 'Bogenparcours');
    await textField(editor(page, 'Turniere')).waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    // Should a text get past the form's own check, the server's refusal shows under the field.
    await page.route(/\/trpc\/content\.updateInfo/, async (route) => {
      const body = route.request().postDataJSON() as Record<string, { text: string }>;
      for (const input of Object.values(body)) input.text = 'x'.repeat(256);
      await route.continue({ postData: JSON.stringify(body) });
    });
    const usage = editor(page, 'Nutzung');
    await textField(usage).fill('Nur mit gültiger Karte.');
    await usage.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, `Fehler beim Speichern des Textes: ${TOO_LONG_MESSAGE}`);
    await usage.getByText(TOO_LONG_MESSAGE).waitFor();
    await page.unroute(/\/trpc\/content\.updateInfo/);

    // The back-office menu holds only list items, on every screen. The refused text is still
    // unsaved: leaving asks first (issue 28.2).
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Kalender' }).click();
    await page.getByRole('dialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows the notice with its bold word on the LG/LP times page and on the home page', async () => {
    const { page } = await visit();
    await page.goto('/zeiten-lg-lp');
    await page.getByRole('heading', { level: 1, name: 'Schießzeiten Luftgewehr/Luftpistole' }).waitFor();
    const notice = page.getByRole('alert').filter({ hasText: 'Training fällt aus' });
    expect(await notice.locator('strong').innerText()).toBe('wichtig');
    expect(await bodyText(page)).not.toContain('[fett:');
    await expectNoSeriousAccessibilityViolations(page);

    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
    const homeNotice = page.getByRole('region', { name: 'Aktuelle Hinweise' }).getByRole('alert').filter({ hasText: 'Training fällt aus' });
    expect(await homeNotice.locator('strong').innerText()).toBe('wichtig');
    await homeNotice.getByText('LG/LP').waitFor();
    // Switched-off notices stay away.
    expect(await page.getByRole('region', { name: 'Aktuelle Hinweise' }).getByRole('alert').count()).toBe(2);
    expect(await bodyText(page)).not.toContain('[fett:');
    for (const [name, path] of [
      ['Luftgewehr/Luftpistole', '/zeiten-lg-lp'],
      ['Bogen', '/zeiten-bogen'],
      ['Blasrohr', '/zeiten-blasrohr'],
      ['3D-Bogenparcours', '/bogenparcours'],
    ] as const) {
      const tiles = page.getByRole('region', { name: 'Unsere Sparten' });
      expect(await tiles.getByRole('link', { name: new RegExp(`^${name} `) }).getAttribute('href')).toBe(path);
    }
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows a typed <script> as text and runs nothing', async () => {
    const { page } = await visit();
    await page.goto('/zeiten-blasrohr');
    await page.getByRole('heading', { level: 1, name: 'Schießzeiten Blasrohr' }).waitFor();
    await page.getByRole('alert').getByText(SCRIPT_TEXT, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('main script').count()).toBe(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows the archery times text with its bold part', async () => {
    const { page } = await visit();
    await page.goto('/zeiten-bogen');
    await page.getByRole('heading', { level: 1, name: 'Schießzeiten Bogen' }).waitFor();
    const times = page.getByRole('region', { name: 'Trainingszeiten' });
    await times.getByText('ab 18 Uhr').waitFor();
    expect(await times.locator('strong').innerText()).toBe('dienstags');
    expect(await bodyText(page)).not.toContain('[fett:');
    // The archery notice is off: no banner.
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('says in the snackbar when the texts cannot be fetched', async () => {
    const { page } = await visit();
    // The texts come with a page rendered by the server; a page reached within the site asks for
    // them. From the Impressum (which shows no notice) to Kontakt, whose notice is the one read
    // asked: a page that asks for other things too (the times pages' facts) would fail them as
    // well, and the newest of the failures is the one the snackbar shows.
    await page.goto('/impressum');
    await page.route(/\/trpc\/[^?]*content\.public/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kontakt' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor();
    await snackbar(page, 'Fehler beim Abrufen der Infomeldungen: Der Server ist nicht erreichbar. Bitte versuche es später erneut.');
  });

  it('shows the course page with 7 days of opening hours, the prices and the way there', async () => {
    const { page } = await visit();
    await page.goto('/bogenparcours');
    await page.getByRole('heading', { level: 1, name: '3D-Bogenparcours' }).waitFor();

    const hours = page.getByRole('list', { name: 'Öffnungszeiten der nächsten 7 Tage' });
    await hours.getByRole('listitem').first().waitFor();
    const lines = await hours.getByRole('listitem').allInnerTexts();
    expect(lines).toHaveLength(7);
    for (const line of lines) {
      expect(line).toMatch(/^(Mo|Di|Mi|Do|Fr|Sa|So), \d{2}\.\d{2}\.\d{4} (\d{2}:\d{2} – \d{2}:\d{2}|geschlossen)$/);
    }
    // The same days the shared rules give for the course's coordinates, starting today in Berlin.
    const browserNow = new Date(await page.evaluate(() => Date.now()));
    expect(lines).toEqual(openingHours(browserNow, 7, E2E_CLUB_PROFILE.course, DEFAULT_OPENING_RULE).map(formatOpeningDay));

    const prices = page.getByRole('region', { name: 'Preise' });
    const dayPrices = prices.getByRole('table', { name: 'Tageskarten' });
    for (const [who, price] of [
      ['Erwachsene', '12,00 €'],
      ['Jugendliche (13–17 Jahre)', '8,00 €'],
      ['Kinder (unter 13 Jahren)', '5,00 €'],
    ]) {
      await dayPrices.getByRole('row', { name: `Bogen ${who} ${price}` }).waitFor();
    }
    await dayPrices.getByRole('row', { name: 'Blasrohr alle 8,00 €' }).waitFor();
    const annual = prices.getByRole('table', { name: /^Jahreskarten/ });
    await prices.getByText('nur für Mitglieder, gültig vom 1. Januar bis 31. Dezember', { exact: false }).waitFor();
    for (const [who, price] of [
      ['Erwachsene', '150,00 €'],
      ['Jugendliche (13–17 Jahre)', '90,00 €'],
      ['Kinder (unter 13 Jahren)', '60,00 €'],
    ]) {
      await annual.getByRole('row', { name: `${who} ${price}` }).waitFor();
    }

    const directions = page.getByRole('region', { name: 'Anfahrt' });
    await directions.getByText('Waldweg 3, 12345 Musterstadt').waitFor();
    await directions.getByText('600 m Fußweg', { exact: false }).waitFor();
    const route = directions.getByRole('link', { name: /Route planen/ });
    expect(await route.getAttribute('target')).toBe('_blank');
    expect(await route.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await route.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(await bodyText(page)).not.toContain('[fett:');
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows the dashboard texts read-only to a member without dashboard_update', async () => {
    const { page } = await visit();
    await logIn(page, VIEWER.uid, VIEWER.password);
    await expectPath(page, '/admin/dash');
    await openPanel(page, 'Hinweise');
    const gun = editor(page, 'Hinweis LG/LP');
    const text = textField(gun);
    await expect.poll(() => text.inputValue()).toBe(NOTICE);
    expect(await text.isEditable()).toBe(false);
    expect(await gun.getByRole('switch', { name: 'Hinweis anzeigen' }).isDisabled()).toBe(true);
    expect(await gun.getByRole('switch', { name: 'Hinweis anzeigen' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);

    await openPanel(page, 'Schießzeiten');
    const archTimes = textField(await timesText(page, 'Bogen'));
    await expect.poll(() => archTimes.inputValue()).toBe(ARCH_TIMES);
    expect(await archTimes.isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('turns the about carousel with buttons and arrow keys, pauses it, and keeps it still for reduced motion', async () => {
    const { page } = await visit();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'Über uns' }).waitFor();
    const carousel = page.getByRole('region', { name: 'Bilder aus dem Verein' });
    const slide = carousel.getByRole('group', { name: /^\d von 4:/ });
    await expectSlide(slide, 1);
    // Reduced motion: it starts still and offers to start.
    await carousel.getByRole('button', { name: 'Automatischen Bildwechsel starten' }).waitFor();
    expect(await slide.getByRole('img').getAttribute('alt')).toBeTruthy();

    await carousel.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expectSlide(slide, 2);
    await page.keyboard.press('ArrowRight');
    await expectSlide(slide, 3);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expectSlide(slide, 4);
    await carousel.getByRole('button', { name: 'Vorheriges Bild' }).click();
    await expectSlide(slide, 3);

    await carousel.getByRole('button', { name: 'Automatischen Bildwechsel starten' }).click();
    await carousel.getByRole('button', { name: 'Automatischen Bildwechsel anhalten' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Unsere Geschichte' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('turns the carousel by itself without reduced motion until the visitor pauses it', async () => {
    const { page } = await visit();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.clock.install();
    await page.goto('/about');
    const carousel = page.getByRole('region', { name: 'Bilder aus dem Verein' });
    const slide = carousel.getByRole('group', { name: /^\d von 4:/ });
    await slide.waitFor();
    await expectSlide(slide, 1);
    await page.clock.runFor(7500);
    await expectSlide(slide, 2);

    await carousel.getByRole('button', { name: 'Automatischen Bildwechsel anhalten' }).click();
    // Move pointer and focus away: only the pause button keeps it still now.
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1, name: 'Über uns' }).click();
    await page.clock.runFor(20_000);
    await expectSlide(slide, 2);
  });

  it.each([
    ['/impressum', 'Impressum', ['Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)']],
    ['/datenschutz', 'Datenschutzerklärung', ['Sitzungs-Cookie', 'localStorage', 'Postausgang', 'IP-Adresse', '180 Tage nach dem Absenden']],
    ['/disclaimer', 'Disclaimer', ['Haftung für Links']],
  ])('shows %s with the club profile’s facts', async (path, title, phrases) => {
    const { page } = await visit();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2 }).first().waitFor();
    for (const phrase of phrases) await main.getByText(phrase, { exact: false }).first().waitFor();
    if (path !== '/disclaimer') {
      const address = main.locator('address').first();
      await address.getByText(E2E_CLUB_PROFILE.name).waitFor();
      await address.getByText(E2E_CLUB_PROFILE.street).waitFor();
      await address.getByText(`${E2E_CLUB_PROFILE.postalCode} ${E2E_CLUB_PROFILE.city}`).waitFor();
    }
    await expectNoSeriousAccessibilityViolations(page);
  });
});
