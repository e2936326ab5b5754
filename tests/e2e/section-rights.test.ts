import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { writeAsAdmin } from './support/rest.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Rights per section (issue 28.1) as a section head meets them: the archery head's group is
 * limited to Bogen. In the dashboard the Bogen content is theirs to change, every other
 * section's is shown read-only with a note and tooltips naming the missing section; the
 * administrator sees the limit in the groups table and the group dialog.
 */

const HEAD = { uid: '28100001', password: 'Bogenwart2026', groupName: 'Bogenleitung' };
const PHONE = { width: 360, height: 740 };

const { visit } = useSite(async (site) => {
  const { groupId } = await createMember(site.databaseFile, {
    ...HEAD,
    permissions: ['dashboard_view', 'dashboard_create', 'dashboard_update', 'dashboard_delete'],
    prename: 'Bernd',
    lastname: 'Bogner',
  });
  const permissions = (await (await fetch(`${site.baseUrl}/api/permissions`, { headers: { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` } })).json()) as {
    data: { id: number; name: string }[];
  };
  const ids = permissions.data.filter((permission) => permission.name.startsWith('dashboard_')).map((permission) => permission.id);
  await writeAsAdmin(site, 'PUT', `/groups/${groupId}`, { name: HEAD.groupName, permissions: ids, sections: ['arch'] });
});

async function openPanel(page: Page, title: string) {
  await page.getByRole('button', { name: title, exact: true }).click();
  const panel = page.getByRole('region', { name: title, exact: true });
  await panel.waitFor();
  return panel;
}

describe('a section head’s dashboard', () => {
  for (const viewport of [undefined, PHONE]) {
    it(`changes Bogen content and sees the other sections’ content read-only${viewport ? ' (360 px)' : ''}`, async () => {
      const { page } = await visit(viewport ? { viewport, phone: true } : {});
      await logIn(page, HEAD.uid, HEAD.password);
      await expectPath(page, '/admin/dash');

      // Notices: the Bogen notice is saved, the LG/LP notice's button is disabled and says why.
      const notices = await openPanel(page, 'Hinweise');
      const archNotice = notices.getByRole('form', { name: 'Hinweis Bogen', exact: true });
      const gunNotice = notices.getByRole('form', { name: 'Hinweis LG/LP', exact: true });
      expect(await archNotice.getByRole('button', { name: 'Speichern' }).isEnabled()).toBe(true);
      const gunSave = gunNotice.getByRole('button', { name: 'Speichern' });
      expect(await gunSave.isDisabled()).toBe(true);
      // The tooltip's text names the button's wrapper, so screen readers hear it too.
      const reason = 'Nur für Mitglieder mit Rechten für die Sparte LG/LP';
      expect(await gunSave.locator('..').getAttribute('aria-label')).toBe(reason);
      if (!viewport) {
        // Hovered once the panel has finished opening; a panel still moving may slip from under
        // the pointer, so the pointer comes again (three times at most).
        await gunSave.scrollIntoViewIfNeeded();
        for (let attempt = 1; ; attempt += 1) {
          await page.mouse.move(0, 0);
          await gunSave.locator('..').hover();
          try {
            await page.getByRole('tooltip', { name: reason }).waitFor({ timeout: 3_000 });
            break;
          } catch (error) {
            if (attempt === 3) throw error;
          }
        }
      }
      await archNotice.getByRole('switch', { name: 'Hinweis anzeigen' }).click();
      await archNotice.getByRole('button', { name: 'Speichern' }).click();
      await page.getByRole('alert').filter({ hasText: 'Hinweis gespeichert' }).waitFor();

      // Galleries: the club's albums are read-only, Bogen's are open.
      const galleries = await openPanel(page, 'Galerien');
      await galleries.getByText('Nur für Mitglieder mit Rechten für die Sparte Verein.').waitFor();
      expect(await galleries.getByRole('button', { name: 'Album anlegen' }).isDisabled()).toBe(true);
      await galleries.getByRole('tab', { name: 'Bogen' }).click();
      expect(await galleries.getByRole('button', { name: 'Album anlegen' }).isEnabled()).toBe(true);
      expect(await galleries.getByText('Nur für Mitglieder mit Rechten für die Sparte').count()).toBe(0);

      // Panels of one section: the course's facts are theirs, the club data are not.
      const club = await openPanel(page, 'Vereinsdaten');
      await club.getByText('Nur für Mitglieder mit Rechten für die Sparte Verein.').waitFor();
      expect(await club.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
      const course = await openPanel(page, 'Bogenparcours: Fakten und Preise');
      expect(await course.getByText('Nur für Mitglieder mit Rechten für die Sparte').count()).toBe(0);
      expect(await course.getByRole('button', { name: 'Speichern' }).isEnabled()).toBe(true);
      expect(await sidewaysProblems(page, viewport?.width ?? 1280)).toEqual([]);
    });
  }

  it('the administrator sees the limit in the groups table and the group dialog', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Gruppen', exact: true }).click();
    const table = page.getByRole('table', { name: 'Gruppen' });
    const row = table.getByRole('row').filter({ hasText: HEAD.groupName });
    // Below the table's full width its cells carry their column's name before the value (stacked rows): the text counts.
    await row.getByRole('cell').filter({ hasText: /^Bogen$/ }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Administratoren' }).getByRole('cell').filter({ hasText: /^alle$/ }).waitFor();
    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    const limit = dialog.getByRole('group', { name: 'Nur für Sparten' });
    expect(await limit.getByRole('checkbox', { name: 'Bogen' }).isChecked()).toBe(true);
    expect(await limit.getByRole('checkbox', { name: 'LG/LP' }).isChecked()).toBe(false);
  });
});
