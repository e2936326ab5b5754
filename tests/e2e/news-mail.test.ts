import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../helpers/smtp.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { backOfficeChunks } from './support/chunks.ts';
import { ACTION_TIMEOUT_MS, expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The article mail to the members (issue 27.4) as people use it: the administrator ticks a
 * group when publishing and the site mails its member through a real SMTP server; the
 * member switches these mails off in Meine Daten; a member unsubscribes by the mail's link
 * without logging in, on a 360 px phone without JavaScript and on a desktop with it. The tests
 * build on each other.
 */

const MEMBER = { uid: '52700001', password: 'Aktuelles2026' };
const OTHER = { uid: '52700002', password: 'Aktuelles2027' };
const PHONE = { width: 360, height: 740 };

const peer = await startSmtpPeer();
afterAll(() => peer.stop());

const session = useSite(
  async (site) => {
    const anna = await createMember(site.databaseFile, { ...MEMBER, groupName: 'Mannschaft', permissions: [], prename: 'Anna', lastname: 'Ring' });
    const { openDatabase } = await import('../../src/server/db/connection.ts');
    const { db } = openDatabase(`sqlite:${site.databaseFile}`);
    try {
      // Bernd shoots in the team too.
      const bernd = await createMember(site.databaseFile, { ...OTHER, groupName: 'Ohne Rechte', permissions: [], prename: 'Bernd', lastname: 'Scheibe' });
      await db.insertInto('user_groups').values({ user_id: bernd.id, group_id: anna.groupId }).execute();
    } finally {
      await db.destroy();
    }
  },
  { env: { SMTP_URL: peer.url, MAIL_FROM: 'Schützenverein <web@verein.example>' } },
);
const { visit } = session;

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

/** Writes and publishes an article mailed to the team, as the administrator. */
async function publishToTeam(page: Page, title: string, message: string): Promise<void> {
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  await page.goto('/admin/aktuelles');
  await page.getByRole('heading', { level: 1, name: 'Aktuelles' }).waitFor();
  await page.getByRole('button', { name: 'Artikel schreiben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Artikel schreiben' });
  await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Anreißer' }).fill('Alle Ergebnisse des Wochenendes.');
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).click();
  await page.keyboard.type('Ein schöner Tag für den Verein.');
  // A draft mails nobody: the choice appears with publishing.
  await expect(dialog.getByRole('group', { name: 'An Mitglieder senden' }).count()).resolves.toBe(0);
  await dialog.getByRole('radio', { name: 'Veröffentlichen', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Mannschaft (2 Mitglieder)' }).check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await snackbar(page, message);
}

/** Who got mails, in the order they arrived. */
const recipients = () => peer.received.map((mail) => mail.envelope.to[0]);

function unsubscribeLink(index: number): string {
  const text = peer.received[index]!.parsed.text ?? '';
  const link = /Keine Artikel mehr per Mail bekommen: (http:\/\/\S+\/aktuelles\/abmelden\/[A-Za-z0-9_-]{43})\n/.exec(text)?.[1];
  if (!link) throw new Error(`kein Abmeldelink in der Mail:\n${text}`);
  return link;
}

describe('Aktuelles per Mail', () => {
  it('the author ticks a group when publishing: each of its members gets the article once', async () => {
    const { page } = await visit();
    await publishToTeam(page, 'Rundenwettkampf gewonnen', 'Artikel veröffentlicht. 2 Mails an Mitglieder in den Postausgang gelegt.');
    await expect.poll(() => peer.received.length, { timeout: ACTION_TIMEOUT_MS }).toBe(2);
    expect(recipients().sort()).toEqual([`${MEMBER.uid}@example.org`, `${OTHER.uid}@example.org`]);
    expect(peer.received[0]!.parsed.subject).toBe('Aktuelles: Rundenwettkampf gewonnen');
    // Opened again: nothing waits, and the dialog says who has it.
    await page.getByRole('row').filter({ hasText: 'Rundenwettkampf gewonnen' }).getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Artikel bearbeiten' });
    await dialog.getByText(/Bisher an 2 Mitglieder gesendet\./).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Mannschaft (2 Mitglieder)' }).isChecked()).toBe(false);
  });

  it('a member switches the mails off in Meine Daten and gets the next article no more', async () => {
    const { page } = await visit();
    await logIn(page, MEMBER.uid, MEMBER.password);
    // A member without rights lands on their own page.
    await expectPath(page, '/admin/ich');
    const section = page.getByRole('form', { name: 'Aktuelles per Mail' });
    const box = section.getByRole('checkbox', { name: 'Aktuelles per Mail erhalten' });
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await section.getByRole('button', { name: 'Einstellung speichern' }).click();
    await snackbar(page, 'Du bekommst keine Artikel mehr per Mail.');
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Aktuelles per Mail erhalten' }).isChecked()).toBe(false);
    await expectNoSeriousAccessibilityViolations(page);

    // The administrator in the same browser after her.
    await page.context().clearCookies();
    await publishToTeam(page, 'Neue Trainingszeiten', 'Artikel veröffentlicht. 1 Mail an Mitglieder in den Postausgang gelegt.');
    await expect.poll(() => peer.received.length, { timeout: ACTION_TIMEOUT_MS }).toBe(3);
    expect(recipients()[2]).toBe(`${OTHER.uid}@example.org`);
  });

  it('unsubscribes by the mail’s link without logging in, on a 360 px phone without JavaScript: the page’s plain form', async () => {
    const index = recipients().indexOf(`${OTHER.uid}@example.org`);
    const link = unsubscribeLink(index);
    const { page, requests } = await visit({ viewport: PHONE, phone: true, javaScriptEnabled: false });
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    // For its one reader: kept by nobody, found by no search engine, its secret sent nowhere as a Referer.
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    // The site's own page, in its layout.
    await page.getByRole('navigation', { name: 'Alle Seiten' }).getByRole('link', { name: 'Termine' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Keine Artikel mehr per Mail?' }).waitFor();
    await page.getByText('Hallo Bernd Scheibe, willst du keine neuen Artikel von „').waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Abgemeldet' }).waitFor();
    await page.getByText('Hallo Bernd Scheibe, du bekommst keine Artikel mehr per Mail.').waitFor();
    await page.getByRole('link', { name: 'Meine Daten' }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    // A plain form posted to the page's address, answered by the server with the page.
    expect(requests.filter((path) => path.startsWith('/trpc/'))).toEqual([]);

    // A wrong link: the page's own German 404, which fits the phone too.
    const wrong = await page.goto(`/aktuelles/abmelden/${'x'.repeat(43)}`);
    expect(wrong?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Link ungültig' }).waitFor();
    await page.getByText('Diesen Abmeldelink gibt es nicht (mehr). Vielleicht wurde er nicht vollständig kopiert.').waitFor();
    await page.getByRole('link', { name: 'Meine Daten' }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
  });

  it('on a desktop with JavaScript: the page is taken over, unsubscribes in place, says so again, a wrong link is a German 404, and the next article reaches nobody', async () => {
    // Anna switched the mails on again (as in Meine Daten).
    const { openDatabase } = await import('../../src/server/db/connection.ts');
    const { db } = openDatabase(`sqlite:${session.site.databaseFile}`);
    try {
      await db.deleteFrom('news_mail_optouts').where('user_id', 'in', db.selectFrom('users').select('id').where('uid', '=', MEMBER.uid)).execute();
    } finally {
      await db.destroy();
    }
    const chunks = await backOfficeChunks();
    const visitor = await visit();
    const { page, requests } = visitor;
    const link = unsubscribeLink(recipients().indexOf(`${MEMBER.uid}@example.org`));
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByText('Hallo Anna Ring, willst du keine neuen Artikel').waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    // The click starts the app, which takes the page over and calls the procedure: the answer in place.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Abgemeldet' }).waitFor();
    await page.getByText('Hallo Anna Ring, du bekommst keine Artikel mehr per Mail.').waitFor();
    await snackbar(page, 'Du bekommst keine Artikel mehr per Mail.');
    expect(requests).toContain('/trpc/news.unsubscribe');
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    expect(visitor.consoleProblems).toEqual([]);
    // Nothing of the back office came with it.
    expect(requests.filter((path) => chunks.files.has(path))).toEqual([]);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Bereits abgemeldet' }).waitFor();
    const wrong = await page.goto(`/aktuelles/abmelden/${'x'.repeat(43)}`, { waitUntil: 'networkidle' });
    expect(wrong?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Link ungültig' }).waitFor();
    // Taken over by the app: still the page's own answer, and no error snackbar on top of it.
    await page.mouse.move(10, 10);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('');
    await page.getByText('Diesen Abmeldelink gibt es nicht (mehr). Vielleicht wurde er nicht vollständig kopiert.').waitFor();
    await page.getByRole('link', { name: 'Meine Daten' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    expect(visitor.consoleProblems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    expect(requests.filter((path) => chunks.files.has(path))).toEqual([]);
    await expectNoSeriousAccessibilityViolations(page);

    await publishToTeam(page, 'Vereinsmeisterschaft', 'Artikel veröffentlicht. Keine neue Mail');
    // The outbox has nothing to send: still the three mails of before.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.received).toHaveLength(3);
  });
});
