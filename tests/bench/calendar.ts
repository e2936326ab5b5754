import type { Target } from './load.ts';

/** Sizes of the public calendar the bench measures: a club's year, and ten of them. */
export const CALENDAR_SIZES = [200, 2000] as const;

const PARALLEL = 10;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Adds public upcoming appointments through the API as a member would (each write drops
 * the cached answer), until the site holds `total`. Day n lies n/4 days ahead.
 */
export async function fillCalendar(baseUrl: string, adminUid: string, adminPassword: string, from: number, size: number): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${adminUid}:${adminPassword}`).toString('base64')}`;
  let total = size;
  const start = Date.now() + 24 * 3_600_000;
  let next = from;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      const day = new Date(start + Math.floor(index / 4) * 86_400_000);
      const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
      const hour = 10 + (index % 4) * 2;
      const response = await fetch(`${baseUrl}/api/calendar`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Training ${index + 1}`,
          datetime_begin: `${date} ${pad(hour)}:00:00`,
          datetime_end: `${date} ${pad(hour + 1)}:30:00`,
          location: 'Schützenhaus, Stand 1–10',
          visibility: 1,
          description: 'Offenes Training für alle Sparten; Gäste sind willkommen, Leihwaffen und Bögen sind vorhanden.',
          notes: 'Intern',
          assignment: 1,
          status: index % 3,
        }),
      });
      if (response.status !== 201) throw new Error(`Termin ${index + 1} anlegen: ${response.status} ${(await response.text()).slice(0, 200)}`);
    }
  };
  // One request alone first: the login limits count attempts still being checked, so ten
  // first logins at once would look like guessing; after it the credentials are cached.
  total = Math.min(next + 1, size);
  await worker();
  total = size;
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

export function calendarTarget(baseUrl: string, size: number): Target {
  return { name: `GET /api/public/calendar (${size} Termine)`, url: `${baseUrl}/api/public/calendar`, expectedStatus: 200 };
}
