import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '../../src/shared/schemas/passwordReset.ts';
import { startSmtpPeer } from '../helpers/smtp.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';

/**
 * 'Passwort vergessen?' as a member uses it (issue 18): the dialog on the login screen, the
 * mail the site sends to a real SMTP server, the link's page, the new password, the login
 * with it, and the link refused the second time.
 */

const MEMBER = { uid: '52000001', password: 'Vergessen2026' };
const NEW_PASSWORD = 'Erinnert2027';

// The site's outbox sends to this peer; it listens before the site starts.
const peer = await startSmtpPeer();
afterAll(() => peer.stop());

const session = useSite((site) => createMember(site.databaseFile, { ...MEMBER, groupName: 'Ohne Rechte', permissions: [] }), {
  env: { SMTP_URL: peer.url, MAIL_FROM: 'Schützenverein <web@verein.example>' },
});
const { visit } = session;

/** The link in the newest mail to the member. */
async function linkFromMail(count: number): Promise<string> {
  await expect.poll(() => peer.received.length, { timeout: ACTION_TIMEOUT_MS }).toBe(count);
  const mail = peer.received.at(-1)!;
  expect(mail.envelope.to).toEqual([`${MEMBER.uid}@example.org`]);
  const link = /(http:\/\/\S+\/passwort-zuruecksetzen#token=[A-Za-z0-9_-]{43})\n/.exec(mail.parsed.text ?? '')?.[1];
  if (!link) throw new Error(`kein Link in der Mail:\n${mail.parsed.text}`);
  return link;
}

describe('Passwort vergessen', () => {
  it('sends a link by mail that sets a new password once; the member logs in with it', async () => {
    const { page } = await visit();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort vergessen?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Link anfordern' }).click();
    await dialog.getByText(PASSWORD_RESET_MESSAGES.loginEmpty).waitFor();
    await dialog.getByRole('textbox', { name: 'Schützennummer oder E-Mail-Adresse' }).fill('hallo');
    await dialog.getByText(PASSWORD_RESET_MESSAGES.loginInvalid).waitFor();
    await dialog.getByRole('textbox', { name: 'Schützennummer oder E-Mail-Adresse' }).fill(MEMBER.uid);
    await dialog.getByRole('button', { name: 'Link anfordern' }).click();
    await dialog.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.requested }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'detached' });

    const link = await linkFromMail(1);
    const response = await page.goto(link);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['cache-control']).toBe('no-store');
    await page.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' }).waitFor();
    await page.getByText(`Lege ein neues Passwort für die Schützennummer ${MEMBER.uid} fest`).waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    const first = page.getByLabel(/^Neues Passwort\s*\*?$/);
    const repeat = page.getByLabel('Neues Passwort wiederholen');
    await first.fill('kurz');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten!').waitFor();
    await first.fill(NEW_PASSWORD);
    await repeat.fill(`${NEW_PASSWORD}x`);
    await page.getByText(PASSWORD_RESET_MESSAGES.mismatch).waitFor();
    await repeat.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.done }).waitFor();
    await expectPath(page, '/login');

    await logIn(page, MEMBER.uid, NEW_PASSWORD);
    await expectPath(page, '/admin/ich');

    // The same link a second time: the page says it was used.
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.linkUsed }).waitFor();
    expect(await page.getByLabel(/^Neues Passwort\s*\*?$/).count()).toBe(0);
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await expectPath(page, '/login');
  });

  it('answers an unknown shooter number with the same sentence and sends nothing', async () => {
    const { page } = await visit();
    const before = peer.received.length;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort vergessen?' });
    await dialog.getByRole('textbox', { name: 'Schützennummer oder E-Mail-Adresse' }).fill('52999999');
    await dialog.getByRole('button', { name: 'Link anfordern' }).click();
    await dialog.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.requested }).waitFor();
    // The site sends at once when it sends at all; a second is plenty.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(peer.received.length).toBe(before);
  });

  it('says so when the link is made up', async () => {
    const { page } = await visit();
    await page.goto(`/passwort-zuruecksetzen#token=${'A'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.linkInvalid }).waitFor();
  });
});
