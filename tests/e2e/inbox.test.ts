import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID, type Site } from './support/site.ts';

/**
 * The inbox 'Nachrichten' (issue 27.5) on a site without a mail server: visitors write
 * through the contact form; the administrator finds the way from the dashboard's checklist,
 * reads a message, answers it by mail (a mailto: link) and marks it as done on a desktop; a
 * member of the archery section, whose group reads only 'Bogen', does the same on a 360 px
 * phone. The menu counts the new messages. The tests build on each other.
 */

const PHONE = { width: 360, height: 740 };
const ARCHER = { uid: '40000027', password: 'Bogen2026x', groupName: 'Bogenleitung' };

const ARCHERY_MESSAGE = {
  to: 'bogen',
  prename: 'Jürgen',
  lastname: 'Größer',
  email: 'juergen@besucher.example',
  subject: 'Schnuppertraining & Leihbogen?',
  text: 'Hallo,\nkann ich am Samstag mit einem Leihbogen kommen?\n\nGrüße, Jürgen',
};
const BOARD_MESSAGE = {
  to: 'vorstand',
  prename: 'Anna',
  lastname: 'Schäfer',
  email: 'anna@besucher.example',
  subject: 'Mitgliedsbeitrag 2027',
  text: 'Wie hoch ist der Beitrag für Jugendliche?',
};

async function writeToClub(site: Site, message: object): Promise<void> {
  const response = await fetch(`${site.baseUrl}/api/public/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  expect(response.status).toBe(200);
}

const { visit } = useSite(async (site) => {
  await writeToClub(site, BOARD_MESSAGE);
  await writeToClub(site, ARCHERY_MESSAGE);
  const archer = await createMember(site.databaseFile, { ...ARCHER, permissions: ['messages_view', 'messages_update'], prename: 'Bernd', lastname: 'Bogner' });
  // 'Nachrichten nur an: Bogen' as the group dialog saves it.
  const { db } = openDatabase(`sqlite:${site.databaseFile}`);
  try {
    await db.insertInto('group_message_recipients').values({ group_id: archer.groupId, recipient: 'bogen' }).execute();
  } finally {
    await db.destroy();
  }
});

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

function menuEntry(page: Page, name: string | RegExp): Locator {
  return page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name });
}

function messageRow(page: Page, subject: string): Locator {
  return page.getByRole('table', { name: 'Nachrichten' }).getByRole('row').filter({ hasText: subject });
}

describe('the inbox Nachrichten', () => {
  it('is on the checklist without a mail server; the administrator reads a message, answers it by mail and marks it as done', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    // The menu counts both new messages.
    await menuEntry(page, 'Nachrichten (2 neue)').waitFor();

    const checklist = page.getByRole('region', { name: 'Noch einzurichten' });
    await checklist.getByText('Ohne Mailserver erreichen Nachrichten aus dem Kontaktformular den Verein nur hier im Back-Office unter „Nachrichten“ (derzeit 2 neue Nachrichten).').waitFor();
    await checklist.getByRole('link', { name: 'Zu „Nachrichten“' }).click();
    await expectPath(page, '/admin/nachrichten');
    await page.getByRole('heading', { level: 1, name: 'Nachrichten' }).waitFor();
    await page.getByText('Es ist kein Mailserver eingerichtet (SMTP_URL)').waitFor();

    // Newest first, with recipient, name, e-mail, subject, the start of the text and the waiting mail.
    const rows = page.getByRole('table', { name: 'Nachrichten' }).getByRole('row');
    await messageRow(page, ARCHERY_MESSAGE.subject).waitFor();
    expect(await rows.nth(1).innerText()).toContain(ARCHERY_MESSAGE.subject);
    expect(await rows.nth(2).innerText()).toContain(BOARD_MESSAGE.subject);
    const board = messageRow(page, BOARD_MESSAGE.subject);
    for (const text of ['Neu', 'Vorstand', 'Anna Schäfer', BOARD_MESSAGE.email, BOARD_MESSAGE.text, 'Mail wartet']) await board.getByText(text, { exact: true }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    await board.getByRole('button', { name: 'Öffnen' }).click();
    const dialog = page.getByRole('dialog', { name: BOARD_MESSAGE.subject });
    await dialog.getByText(`Anna Schäfer <${BOARD_MESSAGE.email}>`).waitFor();
    await dialog.getByText(BOARD_MESSAGE.text).waitFor();
    const answer = await dialog.getByRole('link', { name: 'Antworten' }).getAttribute('href');
    expect(answer).toMatch(/^mailto:anna@besucher\.example\?subject=Re%3A%20Mitgliedsbeitrag%202027&body=/);
    expect(decodeURIComponent(answer!.split('&body=')[1]!)).toMatch(/^\r\n\r\nAm \d\d\.\d\d\.\d{4} \d\d:\d\d schrieb Anna Schäfer:\r\n> Wie hoch ist der Beitrag für Jugendliche\?\r\n$/);
    await expectNoSeriousAccessibilityViolations(page);

    await dialog.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await snackbar(page, 'Als erledigt markiert');
    await dialog.getByText(/^Status: erledigt am \d\d\.\d\d\.\d{4} \d\d:\d\d$/).waitFor();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await board.getByText('Erledigt', { exact: true }).waitFor();
    // Behind the open dialog the menu is hidden; now it counts one new message.
    await menuEntry(page, 'Nachrichten (1 neue)').waitFor();

    // Undone from the table, and done again.
    await board.getByRole('button', { name: 'Wieder als neu markieren' }).click();
    await snackbar(page, 'Wieder als neu markiert');
    await menuEntry(page, 'Nachrichten (2 neue)').waitFor();
    await board.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await menuEntry(page, 'Nachrichten (1 neue)').waitFor();
  });

  it('shows the archery section only its messages on a 360 px phone, to read and mark there', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await logIn(page, ARCHER.uid, ARCHER.password);
    await expectPath(page, '/admin/ich');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menuEntry(page, 'Nachrichten (1 neue)').click();
    await expectPath(page, '/admin/nachrichten');
    await page.getByRole('heading', { level: 1, name: 'Nachrichten' }).waitFor();

    const archery = messageRow(page, ARCHERY_MESSAGE.subject);
    await archery.waitFor();
    // Only 'Bogen': the board's message is not there.
    expect(await page.getByText(BOARD_MESSAGE.subject).count()).toBe(0);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    await archery.getByRole('button', { name: 'Öffnen' }).click();
    const dialog = page.getByRole('dialog', { name: ARCHERY_MESSAGE.subject });
    await dialog.getByText('kann ich am Samstag mit einem Leihbogen kommen?', { exact: false }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Antworten' }).getAttribute('href')).toContain('subject=Re%3A%20Schnuppertraining%20%26%20Leihbogen%3F&body=');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await dialog.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await snackbar(page, 'Als erledigt markiert');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await archery.getByText('Erledigt', { exact: true }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    // No new messages left: the menu shows no number.
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menuEntry(page, /^Nachrichten$/).waitFor();
  });

  it("lets the administrator choose a group's recipients in its dialog ('Nachrichten nur an')", async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await menuEntry(page, 'Gruppen').click();
    const group = page.getByRole('table', { name: 'Gruppen' }).getByRole('row').filter({ hasText: ARCHER.groupName });
    await group.getByRole('img', { name: 'Nachrichten: Bearbeiten' }).waitFor();
    await group.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    // The inbox has only 'Ansehen' and 'Bearbeiten'.
    expect(await dialog.getByRole('checkbox', { name: 'Nachrichten: Ansehen' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Nachrichten: Löschen' }).count()).toBe(0);
    const recipients = dialog.getByRole('group', { name: 'Nachrichten nur an' });
    expect(await recipients.getByRole('checkbox', { name: 'Bogen' }).isChecked()).toBe(true);
    expect(await recipients.getByRole('checkbox', { name: 'Vorstand' }).isChecked()).toBe(false);
    await recipients.getByRole('checkbox', { name: 'Vorstand' }).check();
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Gruppe gespeichert');

    // The archery section now reads the board's message too (marked as done by the administrator).
    await menuEntry(page, 'Logout').click();
    await expectPath(page, '/login');
    await logIn(page, ARCHER.uid, ARCHER.password);
    await expectPath(page, '/admin/ich');
    await menuEntry(page, /^Nachrichten$/).click();
    await messageRow(page, BOARD_MESSAGE.subject).waitFor();
    await messageRow(page, ARCHERY_MESSAGE.subject).waitFor();
  });

  it('deletes a message only after asking, and the administrator sees it gone', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await menuEntry(page, /^Nachrichten$/).click();
    const board = messageRow(page, BOARD_MESSAGE.subject);
    await board.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Nachricht löschen?' });
    await confirm.getByText(`Soll die Nachricht „${BOARD_MESSAGE.subject}“ von Anna Schäfer wirklich gelöscht werden?`).waitFor();
    await confirm.getByRole('button', { name: 'Nein' }).click();
    await board.waitFor();
    await board.getByRole('button', { name: 'Löschen' }).click();
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Nachricht gelöscht');
    await board.waitFor({ state: 'detached' });
    await messageRow(page, ARCHERY_MESSAGE.subject).waitFor();
  });
});
