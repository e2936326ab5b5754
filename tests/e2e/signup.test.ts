import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../helpers/smtp.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, expectNotFoundPageAlone, expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';

/**
 * Sign-ups as visitors and members use them (issue 29.2, 29.6): 'Anmelden' on /termine, the
 * sign-up page with JavaScript (tRPC, snackbar) on a desktop and without it on a 360 px
 * phone, the confirmation mail at a real SMTP server, the personal link to cancel (asking
 * first), and a member whose data are filled in and who cancels in Meine Daten.
 */

const MEMBER = { uid: '52900001', password: 'Anmeldung2027' };
const PHONE = { width: 360, height: 740 };
const BOW_KEY = 'fbogen01';

const peer = await startSmtpPeer();
afterAll(() => peer.stop());

const ids = { course: 0, members: 0 };

const session = useSite(
  async (site) => {
    await createMember(site.databaseFile, { ...MEMBER, groupName: 'Mitglieder', permissions: [], prename: 'Anna', lastname: 'Ring' });
    const { openDatabase } = await import('../../src/server/db/connection.ts');
    const { db } = openDatabase(`sqlite:${site.databaseFile}`);
    try {
      const appointment = async (name: string) =>
        Number(
          (
            await db
              .insertInto('appointments')
              .values({
                name,
                datetime_begin: '2027-06-12 10:00:00',
                datetime_end: '2027-06-12 16:00:00',
                location: 'Bogenplatz',
                visibility: 1,
                description: '',
                notes: '',
                assignment: 1,
                status: 0,
                notify: 0,
                created_at: '2026-11-01 10:00:00',
                updated_at: '2026-11-01 10:00:00',
              })
              .executeTakeFirstOrThrow()
          ).insertId,
        );
      ids.course = await appointment('Bogen-Schnupperkurs');
      ids.members = await appointment('Vereinsmeisterschaft Bogen');
      const settings = (appointmentId: number, audience: string, fields: object) => ({
        appointment_id: appointmentId,
        places: 10,
        places_per_signup: 1,
        opens_at: null,
        closes_at: null,
        audience,
        note: 'Bitte bequeme Kleidung tragen.',
        guardian_consent: 0,
        fields: JSON.stringify(fields),
        created_at: '2026-11-01 10:00:00',
        updated_at: '2026-11-01 10:00:00',
      });
      const bow = { key: BOW_KEY, label: 'Bogenklasse', type: 'choice', options: ['Recurve', 'Compound', 'Blankbogen'], required: true };
      await db.insertInto('registration_settings').values(settings(ids.course, 'everyone', { phone: 'off', birthdate: 'off', club: 'off', custom: [bow] })).execute();
      await db.insertInto('registration_settings').values(settings(ids.members, 'members', { phone: 'optional', birthdate: 'off', club: 'off', custom: [] })).execute();
    } finally {
      await db.destroy();
    }
  },
  { env: { SMTP_URL: peer.url, MAIL_FROM: 'Schützenverein <web@verein.example>' } },
);
const { visit } = session;

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** The personal link of the newest confirmation mail to `to`, as the mail program shows it. */
async function personalLink(to: string): Promise<string> {
  await expect.poll(() => peer.received.some((mail) => mail.envelope.to[0] === to), { timeout: ACTION_TIMEOUT_MS }).toBe(true);
  const mail = peer.received.filter((entry) => entry.envelope.to[0] === to).at(-1)!;
  expect(mail.parsed.subject).toBe('Anmeldung bestätigt: Bogen-Schnupperkurs');
  const link = /(http:\/\/\S+\/anmeldung\/\d+\/[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1];
  if (!link) throw new Error(`kein persönlicher Link in der Mail:\n${mail.parsed.text}`);
  return new URL(link).pathname;
}

const SIGNED_UP = 'Du bist angemeldet und hast einen Platz. Die Bestätigung mit deinem persönlichen Link kommt per Mail.';
const CANCELLED = 'Deine Anmeldung wurde storniert, und deine Daten wurden gelöscht.';

describe('Anmeldung zu einem Termin', () => {
  it('a visitor finds „Anmelden“ on /termine, signs up with JavaScript, gets the mail and cancels by the link', async () => {
    const visitor = await visit();
    const { page } = visitor;
    await page.goto('/termine');
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Bogen-Schnupperkurs' }) });
    await entry.getByText('noch 10 Plätze frei').waitFor();
    await entry.getByRole('link', { name: 'Anmelden zu Bogen-Schnupperkurs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anmeldung: Bogen-Schnupperkurs' }).waitFor();
    await page.getByText('Bitte bequeme Kleidung tragen.').waitFor();
    await page.getByRole('textbox', { name: /^Vorname/ }).fill('Clara');
    await page.getByRole('textbox', { name: /^Nachname/ }).fill('Fuß');
    await page.getByRole('textbox', { name: /^E-Mail/ }).fill('clara@example.org');
    // A required choice left out: the server's German message under the field.
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Das Feld „Bogenklasse“ darf nicht leer gelassen werden!').first().waitFor();
    await page.getByRole('combobox', { name: /^Bogenklasse/ }).selectOption('Recurve');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await snackbar(page, SIGNED_UP);
    await page.getByTestId('signup-outcome').getByText(SIGNED_UP).waitFor();
    // The page took over the server's markup without a difference.
    expect(visitor.consoleProblems.filter((text) => text.includes('Hydration'))).toEqual([]);
    await page.getByTestId('signup-state').getByText('noch 9 Plätze frei').waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    const link = await personalLink('clara@example.org');
    const response = await page.goto(link);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByRole('heading', { level: 1, name: 'Deine Anmeldung: Bogen-Schnupperkurs' }).waitFor();
    await page.getByText('Du hast einen Platz.').waitFor();
    await page.getByRole('button', { name: 'Anmeldung stornieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anmeldung stornieren?' });
    await dialog.getByText('Möchtest du deine Anmeldung wirklich stornieren?').waitFor();
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, CANCELLED);
    // The link is gone with the data: the German not-found page.
    const again = await page.goto(link);
    expect(again?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
  });

  it('on a 360 px phone without JavaScript: the plain form, German messages, the answer, and cancelling asks first', async () => {
    const { page, requests } = await visit({ viewport: PHONE, phone: true, javaScriptEnabled: false });
    await page.goto(`/anmeldung/${ids.course}`);
    await page.getByRole('heading', { level: 1, name: 'Anmeldung: Bogen-Schnupperkurs' }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await page.getByRole('textbox', { name: /^Vorname/ }).fill('Dora');
    await page.getByRole('textbox', { name: /^Nachname/ }).fill('Nachtigall');
    await page.getByRole('textbox', { name: /^E-Mail/ }).fill('dora@');
    await page.getByRole('combobox', { name: /^Bogenklasse/ }).selectOption('Compound');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Die Email-Adresse ist nicht gültig!').first().waitFor();
    // The values typed are kept.
    expect(await page.getByRole('textbox', { name: /^Vorname/ }).inputValue()).toBe('Dora');
    await page.getByRole('textbox', { name: /^E-Mail/ }).fill('dora@example.org');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText(SIGNED_UP).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    const link = await personalLink('dora@example.org');
    await page.goto(link);
    await page.getByText('Du hast einen Platz.').waitFor();
    expect(await page.getByRole('textbox', { name: /^Nachname/ }).inputValue()).toBe('Nachtigall');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await page.getByRole('button', { name: 'Anmeldung stornieren' }).click();
    await page.getByText('Möchtest du deine Anmeldung wirklich stornieren?').waitFor();
    await page.getByRole('button', { name: 'Ja, stornieren' }).click();
    await page.getByText(CANCELLED).waitFor();
    // Every step was a plain HTML form posted to the server.
    expect(requests.filter((path) => path.startsWith('/trpc/'))).toEqual([]);
  });

  it('on a 360 px phone with JavaScript: the server’s page is taken over without a difference, and fits', async () => {
    const visitor = await visit({ viewport: PHONE, phone: true });
    const { page } = visitor;
    await page.goto(`/anmeldung/${ids.course}`);
    await page.getByRole('heading', { level: 1, name: 'Anmeldung: Bogen-Schnupperkurs' }).waitFor();
    await page.getByRole('combobox', { name: /^Bogenklasse/ }).waitFor();
    expect(visitor.consoleProblems.filter((text) => text.includes('Hydration'))).toEqual([]);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('answers a sign-up that does not exist and a made-up personal link with the not-found page alone, once the app has taken over too', async () => {
    const visitor = await visit({ viewport: PHONE, phone: true });
    const { page } = visitor;
    for (const address of ['/anmeldung/987654', `/anmeldung/${ids.course}/${'x'.repeat(43)}`]) await expectNotFoundPageAlone(page, address);
    expect(visitor.consoleProblems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('a member signs up for a members-only appointment with the data filled in, and cancels in Meine Daten', async () => {
    const visitor = await visit();
    const { page } = visitor;
    await page.goto(`/anmeldung/${ids.members}`);
    await page.getByText('Für diesen Termin können sich nur Mitglieder anmelden.').waitFor();
    await logIn(page, MEMBER.uid, MEMBER.password);
    await expectPath(page, '/admin/ich');
    await page.goto(`/anmeldung/${ids.members}`);
    await expect.poll(() => page.getByRole('textbox', { name: /^Vorname/ }).inputValue(), { timeout: ACTION_TIMEOUT_MS }).toBe('Anna');
    expect(await page.getByRole('textbox', { name: /^Nachname/ }).inputValue()).toBe('Ring');
    expect(await page.getByRole('textbox', { name: /^E-Mail/ }).inputValue()).toBe(`${MEMBER.uid}@example.org`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await snackbar(page, SIGNED_UP);

    await page.goto('/admin/ich');
    const section = page.getByRole('region', { name: 'Meine Anmeldungen' });
    await section.getByText('Vereinsmeisterschaft Bogen').waitFor();
    await section.getByText('Sa, 12.06.2027, 10:00–16:00 · Platz').waitFor();
    await section.getByRole('button', { name: 'Anmeldung zu Vereinsmeisterschaft Bogen stornieren' }).click();
    await page.getByRole('dialog', { name: 'Anmeldung stornieren?' }).getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, CANCELLED);
    await section.getByText('Du bist zu keinem Termin angemeldet.').waitFor();

    // If she wishes, her sign-ups also stand in the calendar feed of her duties.
    const feedSwitch = page.getByRole('checkbox', { name: 'Meine Anmeldungen zu Terminen auch im Kalender-Abo' });
    await feedSwitch.check();
    await snackbar(page, 'Deine Anmeldungen zu Terminen stehen jetzt auch im Kalender-Abo.');
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Meine Anmeldungen zu Terminen auch im Kalender-Abo' }).isChecked(), { timeout: ACTION_TIMEOUT_MS }).toBe(true);
  });
});
