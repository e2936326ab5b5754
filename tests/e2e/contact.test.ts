import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { useSite } from './support/session.ts';

const CONTACT_NOTICE = '[fett:an]Achtung:[fett:aus] Das Vereinsheim ist im August geschlossen.';

const session = useSite(async (site) => {
  const { db } = openDatabase(`sqlite:${site.databaseFile}`);
  try {
    await db.updateTable('section_alerts').set({ enabled: 1, text: CONTACT_NOTICE }).where('identifier', '=', 'contact').execute();
  } finally {
    await db.destroy();
  }
});
const { visit } = session;

/** The outbox of the running site: without SMTP_URL its worker keeps each message ('held') and logs it. */
async function outbox(): Promise<Array<{ recipient: string; subject: string; status: string }>> {
  const { db } = openDatabase(`sqlite:${session.site.databaseFile}`);
  try {
    return await db.selectFrom('mail_outbox').select(['recipient', 'subject', 'status']).execute();
  } finally {
    await db.destroy();
  }
}

const OSM = /^https:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//;

/**
 * Every request to OpenStreetMap the page makes, answered here with a stand-in page: the
 * test machine has no internet, and the point is whether the request happens at all.
 */
async function watchOpenStreetMap(page: Page): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request: Request) => {
    if (OSM.test(request.url())) requested.push(request.url());
  });
  await page.context().route(OSM, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Karte</title>' }));
  return requested;
}

async function openDialog(page: Page) {
  await page.goto('/kontakt');
  await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor();
  await page.getByRole('button', { name: 'Nachricht schreiben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nachricht senden' });
  await dialog.waitFor();
  return dialog;
}

describe('contact page', () => {
  it('shows the contact notice, the club\'s address and social links', async () => {
    const { page } = await visit();
    await page.goto('/kontakt');
    const notice = page.getByRole('alert').filter({ hasText: 'Das Vereinsheim ist im August geschlossen.' });
    await notice.waitFor();
    expect(await notice.locator('strong').textContent()).toBe('Achtung:');
    await page.getByText('Am Schießstand 1').waitFor();
    await page.getByText('12345 Musterstadt').first().waitFor();
    const facebook = page.getByRole('link', { name: 'Facebook (externer Link)' });
    await facebook.waitFor();
    // The disclaimer stands under the links and describes each of them.
    const describedBy = await facebook.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'Externer Link: Für die Inhalte der verlinkten Seiten sind ausschließlich deren Betreiber verantwortlich.',
    );
  });

  it('shows the messages of SPEC §5 under the empty fields and for an invalid e-mail', async () => {
    const { page } = await visit();
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Senden' }).click();
    for (const text of [
      'Der Adressat darf nicht leer gelassen werden!',
      'Der Vorname darf nicht leer gelassen werden!',
      'Der Nachname darf nicht leer gelassen werden!',
      'Die Email-Adresse darf nicht leer gelassen werden!',
      'Der Betreff darf nicht leer gelassen werden!',
      'Der Nachrichteninhalt darf nicht leer gelassen werden!',
    ]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
    await dialog.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('keine-adresse');
    await dialog.getByText('Die Email-Adresse ist nicht gültig!', { exact: true }).waitFor();
    expect(await dialog.getByText('Die Email-Adresse darf nicht leer gelassen werden!').count()).toBe(0);
  });

  it('sends a message with the keyboard alone and shows the server\'s answer', async () => {
    const { page } = await visit();
    await page.goto('/kontakt');
    await page.getByRole('button', { name: 'Nachricht schreiben' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nachricht senden' });
    await dialog.waitFor();
    // The recipient choice has the focus; open it, pick "Vorstand", and go on field by field.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Vorstand' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jürgen');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Größer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('juergen@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Frage zum Training');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Wann kann ich vorbeikommen? Grüße');
    expect(await dialog.getByRole('combobox', { name: 'Adressat' }).textContent()).toContain('Vorstand');
    // The honeypot is skipped: the next stop is "Abbrechen", then "Senden".
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Senden');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Vielen Dank für deine Nachricht! Wir melden uns so bald wie möglich.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(outbox, { timeout: 10_000 })
      .toEqual([{ recipient: 'vorstand@example.org', subject: 'Frage zum Training', status: 'held' }]);
  });

  it('shows the server\'s refusal with the prefix of SPEC §8', async () => {
    const { page } = await visit();
    const dialog = await openDialog(page);
    await page.route('**/trpc/contact.send**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'Zu viele Nachrichten.', code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } }),
      }),
    );
    await dialog.getByRole('combobox', { name: 'Adressat' }).click();
    await page.getByRole('option', { name: 'Info' }).click();
    await dialog.getByRole('textbox', { name: 'Vorname' }).fill('Anna');
    await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Muster');
    await dialog.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('anna@example.org');
    await dialog.getByRole('textbox', { name: 'Betreff' }).fill('Hallo');
    await dialog.getByRole('textbox', { name: 'Nachricht' }).fill('Text');
    await dialog.getByRole('button', { name: 'Senden' }).click();
    await page.getByRole('alert').filter({ hasText: 'Fehler beim Senden der Anfrage: Zu viele Nachrichten.' }).waitFor();
    await dialog.waitFor();
  });

  it('passes axe with the dialog open', async () => {
    const { page } = await visit();
    await openDialog(page);
    await expectNoSeriousAccessibilityViolations(page);
  });
});

describe('maps', () => {
  it('loads nothing from OpenStreetMap before consent, three maps after it and after a reload, and none once withdrawn', async () => {
    const { page } = await visit();
    const requested = await watchOpenStreetMap(page);
    await page.goto('/kontakt');
    const consent = page.getByRole('button', { name: 'Karten laden' });
    await consent.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(requested).toEqual([]);
    await expectNoSeriousAccessibilityViolations(page);

    await consent.click();
    for (const title of ['Karte: Vereinsheim', 'Karte: Schießstand LG/LP', 'Karte: 3D-Bogenparcours']) {
      await page.locator(`iframe[title="${title}"]`).waitFor();
    }
    expect(await page.locator('iframe').count()).toBe(3);
    await expect.poll(() => requested.length).toBeGreaterThanOrEqual(3);
    expect(await page.locator('iframe[title="Karte: 3D-Bogenparcours"]').getAttribute('src')).toContain('marker=50.55000,9.70000');

    await page.reload();
    await page.locator('iframe[title="Karte: 3D-Bogenparcours"]').waitFor();
    expect(await page.locator('iframe').count()).toBe(3);

    await page.goto('/datenschutz');
    await page.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
    await page.getByText('In diesem Browser hast du dem Laden der Karten derzeit nicht zugestimmt.').waitFor();
    requested.length = 0;
    await page.goto('/kontakt');
    await page.getByRole('button', { name: 'Karten laden' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(requested).toEqual([]);
  });
});
