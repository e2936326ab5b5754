import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { toClubDate } from '../../src/shared/dates.ts';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';

/** 'Meine Daten herunterladen' (issue 25.10): a member saves everything the site keeps about them as one JSON file. */

const MEMBER = { uid: '20000071', password: 'Auskunft2026' };

const { visit } = useSite((site) => createMember(site.databaseFile, { ...MEMBER, groupName: 'Mitglieder', permissions: [], prename: 'Erika', lastname: 'Musterfrau' }));

describe('Meine Daten herunterladen', () => {
  it('saves one JSON file with the member’s shooter number, named with it and the date', async () => {
    const { page } = await visit();
    await logIn(page, MEMBER.uid, MEMBER.password);
    // Without dashboard_view the login leads to Meine Daten.
    await expectPath(page, '/admin/ich');
    const section = page.getByRole('region', { name: 'Deine gespeicherten Daten' });
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Meine Daten herunterladen' }).click()]);

    const filename = `meine-daten-${MEMBER.uid}-${toClubDate(new Date())}.json`;
    expect(download.suggestedFilename()).toBe(filename);
    const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      profile: { uid: string; prename: string };
      sessions: Array<{ this_browser: boolean }>;
      log: Array<{ message: string }>;
    };
    expect(saved.profile).toMatchObject({ uid: MEMBER.uid, prename: 'Erika' });
    expect(saved.sessions.filter((session) => session.this_browser)).toHaveLength(1);
    expect(saved.log.map((line) => line.message)).toContainEqual(expect.stringMatching(/^Anmeldung von /));
    await page.getByRole('alert').filter({ hasText: `Deine Daten werden als „${filename}“ heruntergeladen.` }).waitFor();
  });
});
