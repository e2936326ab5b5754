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

/** The weekly training evenings of the scale run (issue 19, point 6): five series over five years. */
export const WEEKLY_SERIES = 5;

/**
 * Adds five public weekly series, Monday to Friday evenings from tomorrow's week on, each
 * running the five years a series may: about 260 occurrences each, beside the 2,000 single
 * appointments.
 */
export async function fillSeries(baseUrl: string, adminUid: string, adminPassword: string): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${adminUid}:${adminPassword}`).toString('base64')}`;
  const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR'] as const;
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  for (let index = 0; index < WEEKLY_SERIES; index += 1) {
    // The next Monday (index 0) to Friday (index 4) after tomorrow.
    const offset = (index + 1 - tomorrow.getUTCDay() + 7) % 7;
    const day = new Date(tomorrow.getTime() + offset * 86_400_000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    const until = `${day.getUTCFullYear() + 5}-${pad(day.getUTCMonth() + 1)}-${pad(Math.min(day.getUTCDate(), 28))}`;
    const response = await fetch(`${baseUrl}/api/calendar`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Training am Abend ${index + 1}`,
        datetime_begin: `${date} 18:30:00`,
        datetime_end: `${date} 21:00:00`,
        location: 'Schützenhaus',
        visibility: 1,
        description: 'Wöchentliches Training',
        assignment: 1,
        status: 2,
        recurrence: { frequency: 'weekly', interval: 1, weekdays: [weekdays[index]], end: { until } },
      }),
    });
    if (response.status !== 201) throw new Error(`Serie ${index + 1} anlegen: ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
}

/**
 * The reads of the scale run: the public list and the feed (kept answers, aim 0.8× of the
 * bare baseline) and the back office's month two months ahead, asked with Basic as a
 * program would (every request checks who asks and their permission before the month's
 * kept bytes go out; its aim is p99 under 50 ms).
 */
export function seriesTargets(baseUrl: string, adminUid: string, adminPassword: string, headers: Record<string, string>): Target[] {
  const month = new Date(Date.now() + 62 * 86_400_000);
  const path = `/api/calendar/${month.getUTCFullYear()}/${pad(month.getUTCMonth() + 1)}`;
  const label = `2000 Termine + ${WEEKLY_SERIES} Wochenserien`;
  const kept = { ratio: 0.8, p99Ms: 50 };
  return [
    { name: `GET /api/public/calendar (${label})`, url: `${baseUrl}/api/public/calendar`, expectedStatus: 200, headers, aim: kept },
    { name: `GET /api/public/calendar.ics (${label})`, url: `${baseUrl}/api/public/calendar.ics`, expectedStatus: 200, headers, aim: kept },
    {
      name: `GET ${path} (Monatsansicht, ${label}, Basic)`,
      url: `${baseUrl}${path}`,
      expectedStatus: 200,
      headers: { ...headers, authorization: `Basic ${Buffer.from(`${adminUid}:${adminPassword}`).toString('base64')}` },
      aim: { ratio: 0, p99Ms: 50 },
    },
  ];
}
