import { describe, expect, it } from 'vitest';
import { PASSWORD_LABEL, adminMenuEntries, expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

const CALENDAR_MEMBER = { uid: '20000001', password: 'Kalender2026' };

const session = useSite((site) =>
  createMember(site.databaseFile, { ...CALENDAR_MEMBER, groupName: 'Kalenderpflege', permissions: ['calendar_view'] }),
);
const { visit } = session;

/** 'YYYY/MM' of today in the club's time zone. */
function currentMonthInBerlin(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('year')}/${part('month')}`;
}

describe('login screen', () => {
  it('explains what is wrong with the input before anything is sent', async () => {
    const { page, requests } = await visit();
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Login' });

    await submit.click();
    await page.getByText('Die Schützennummer darf nicht leer gelassen werden!').waitFor();
    await page.getByText('Das Passwort darf nicht leer gelassen werden!').waitFor();

    await page.getByLabel('Schützennummer').fill('123');
    await page.getByLabel(PASSWORD_LABEL).fill('geheim');
    await submit.click();
    await page.getByText('Die Schützennummer muss genau 8 Zeichen lang sein!').waitFor();
    expect(await page.getByText('Das Passwort darf nicht leer gelassen werden!').count()).toBe(0);

    await page.getByLabel('Schützennummer').fill('abcdefgh');
    await submit.click();
    await page.getByText('Die Schützennummer muss zwischen 0 und 99999999 liegen!').waitFor();

    expect(requests.filter((path) => path.includes('auth.login'))).toEqual([]);
  });

  it('shows the server refusing a wrong password in a snackbar', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, 'Falsch12345');
    await page.getByRole('alert').filter({ hasText: 'Fehler beim Einloggen: Schützennummer oder Passwort ist falsch.' }).waitFor();
    await expectPath(page, '/login');
  });
});

describe('back office', () => {
  it('takes the administrator to the dashboard with the whole menu, also after a reload', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await adminMenuEntries(page)).toEqual([
      'Dashboard',
      'Aktuelles',
      'Nachrichten',
      'Kalender',
      'Parcours',
      'Parcoursbuch',
      'Standaufsicht & Bewirtung',
      'Gruppen',
      'Benutzer',
      'Meine Daten',
      'Log',
      'Logout',
    ]);

    // The session cookie, not anything the page kept, says who is logged in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + document.cookie)).not.toContain(
      ADMIN_PASSWORD,
    );

    // Every entry opens its screen; those of later issues show their title only.
    for (const [entry, path] of [
      ['Standaufsicht & Bewirtung', '/admin/standaufsicht_bewirtung'],
      ['Kalender', '/admin/kalender/'],
      ['Dashboard', '/admin/dash'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: entry }).click();
      await page.getByRole('heading', { level: 1, name: entry }).waitFor();
      expect(new URL(page.url()).pathname.startsWith(path)).toBe(true);
    }
  });

  it('takes a member without dashboard_view to Meine Daten and shows only what they may open', async () => {
    const { page } = await visit();
    await logIn(page, CALENDAR_MEMBER.uid, CALENDAR_MEMBER.password);
    await expectPath(page, '/admin/ich');
    await page.getByRole('heading', { level: 1, name: 'Meine Daten' }).waitFor();
    expect(await adminMenuEntries(page)).toEqual(['Kalender', 'Meine Daten', 'Logout']);

    await page.goto('/admin/benutzer');
    await expectPath(page, '/admin/ich');

    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Kalender' }).click();
    await expectPath(page, `/admin/kalender/${currentMonthInBerlin()}`);
    await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
  });

  it('keeps the menu behind a menu button on a phone', async () => {
    const { page } = await visit({ viewport: { width: 375, height: 740 } });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Verwaltung' });
    expect(await menu.count()).toBe(0);

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    // The first entry must not hide under the app bar.
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menu.getByRole('link', { name: 'Gruppen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gruppen' }).waitFor();
    await menu.waitFor({ state: 'detached' });
  });

  it('logs out to the login screen and then refuses the back office', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');

    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await page.getByLabel('Schützennummer').waitFor();

    await page.goto('/admin/dash');
    await expectPath(page, '/login');
    await page.goto('/admin');
    await expectPath(page, '/login');
  });

  it('a plain visit to /logout, e.g. from a link on another site, shows the login screen and keeps the session', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');

    // Another site links to /logout.
    await page.goto('about:blank');
    await page.setContent(`<a href="${session.site.baseUrl}/logout">Weiter</a>`);
    await page.getByRole('link', { name: 'Weiter' }).click();
    await expectPath(page, '/logout');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByLabel('Schützennummer').waitFor();

    // Typed in, or reloaded: the same.
    await page.goto('/logout');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expectPath(page, '/logout');

    await page.goto('/admin/dash');
    await expectPath(page, '/admin/dash');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
