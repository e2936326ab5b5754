import { mirrorAt, type Answer } from './mirror.ts';
import { formatCount, formatMs, formatRatio, formatTable } from './table.ts';

/**
 * The sign-up race of issue 29.3 under the bench's clock: 200 visitors press 'Anmelden' at
 * once for 50 places. Reported: how many sign-ups per second the site takes (each one a
 * transaction that locks the appointment's settings row), next to the bare Fastify answering
 * the same 200 POSTs with the site's bytes, and whether the list came out right — exactly 50
 * places, 150 waiting in arrival order, never 51.
 */

export const SIGNUP_RACE = { signups: 200, places: 50 } as const;

export interface SignupRace {
  seconds: number;
  baselineSeconds: number;
  accepted: number;
  placed: number;
  waiting: number;
  /** Waiting-list positions 1…150 once each, and every place before every waiting one in arrival order. */
  fairOrder: boolean;
}

interface ListAnswer {
  data: { participants: { position: number; status: string; places: number; waitingPosition: number | null }[] };
}

function basic(admin: { uid: string; password: string }): string {
  return `Basic ${Buffer.from(`${admin.uid}:${admin.password}`).toString('base64')}`;
}

/** A public appointment a year ahead with sign-ups for `places`, through the REST API as a program would. */
async function appointmentWithPlaces(baseUrl: string, authorization: string): Promise<number> {
  const begin = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const created = await fetch(`${baseUrl}/api/calendar`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name: '3D-Turnier', datetime_begin: `${begin} 09:00:00`, datetime_end: `${begin} 17:00:00`, location: 'Parcours', visibility: 1, description: '', notes: '', assignment: 1, status: 0 }),
  });
  if (created.status !== 201) throw new Error(`Termin für die Anmeldungen anlegen: ${created.status} ${(await created.text()).slice(0, 200)}`);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const opened = await fetch(`${baseUrl}/api/registrations/${id}`, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ places: SIGNUP_RACE.places }),
  });
  if (opened.status !== 200) throw new Error(`Anmeldung öffnen: ${opened.status} ${(await opened.text()).slice(0, 200)}`);
  return id;
}

/**
 * Each sign-up from a network of its own (X-Forwarded-For through the site's trusted local
 * proxy), so the limit per network does not turn the race into 429s.
 */
function signups(url: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: SIGNUP_RACE.signups }, async (_, n): Promise<Answer> => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${Math.floor(n / 250)}.${n % 250}.1` },
        body: JSON.stringify({ prename: `Teilnehmer ${n + 1}`, lastname: 'Schütz', email: `t${n + 1}@example.org` }),
      });
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, contentType: response.headers.get('content-type') ?? undefined, contentEncoding: undefined, headers: {}, body };
    }),
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

export async function runSignupRace(baseUrl: string, baselineUrl: string, admin: { uid: string; password: string }): Promise<SignupRace> {
  const authorization = basic(admin);
  const id = await appointmentWithPlaces(baseUrl, authorization);
  const url = `${baseUrl}/api/public/registrations/${id}`;
  const race = await timed(() => signups(url));
  // The baseline answers the same POSTs with the bytes of one of the site's answers (a waiting-list place).
  const sample = race.result.at(-1)!;
  const mirrored = await mirrorAt(baselineUrl, { name: 'Anmeldung', url, expectedStatus: sample.status }, sample);
  const baseline = await timed(() => signups(mirrored.url));
  if (baseline.result.some((answer) => answer.status !== sample.status)) throw new Error('Basis: unerwartete Antworten auf die Anmeldungen.');

  const list = await fetch(`${baseUrl}/api/registrations/${id}`, { headers: { authorization } });
  if (list.status !== 200) throw new Error(`Anmeldeliste lesen: ${list.status}`);
  const participants = ((await list.json()) as ListAnswer).data.participants;
  const placed = participants.filter((p) => p.status === 'place').reduce((sum, p) => sum + p.places, 0);
  const waiting = participants.filter((p) => p.status === 'waiting');
  const lastPlace = Math.max(...participants.filter((p) => p.status === 'place').map((p) => p.position));
  const fairOrder =
    waiting.every((p) => p.position > lastPlace) &&
    waiting.map((p) => p.waitingPosition).join(',') === Array.from({ length: waiting.length }, (_, n) => n + 1).join(',');
  return {
    seconds: race.seconds,
    baselineSeconds: baseline.seconds,
    accepted: race.result.filter((answer) => answer.status === 201).length,
    placed,
    waiting: waiting.length,
    fairOrder,
  };
}

export function signupRaceTable(race: SignupRace): string {
  const perSecond = SIGNUP_RACE.signups / race.seconds;
  const baselinePerSecond = SIGNUP_RACE.signups / race.baselineSeconds;
  return formatTable(
    [
      { title: 'Ziel', align: 'left' },
      { title: 'Dauer (ms)', align: 'right' },
      { title: 'Anmeldungen/s', align: 'right' },
      { title: 'Basis Anfragen/s', align: 'right' },
      { title: 'Website/Basis', align: 'right' },
      { title: 'angenommen', align: 'right' },
      { title: 'Plätze', align: 'right' },
      { title: 'Warteliste', align: 'right' },
    ],
    [
      [
        `POST /api/public/registrations/{id} (${SIGNUP_RACE.signups} gleichzeitig)`,
        formatMs(race.seconds * 1000),
        formatCount(perSecond),
        formatCount(baselinePerSecond),
        formatRatio(perSecond / baselinePerSecond),
        formatCount(race.accepted),
        formatCount(race.placed),
        formatCount(race.waiting),
      ],
    ],
  );
}

/** The verdict line: exactly the places given, the rest waiting in arrival order. */
export function signupRaceVerdict(race: SignupRace): { ok: boolean; line: string } {
  const ok = race.accepted === SIGNUP_RACE.signups && race.placed === SIGNUP_RACE.places && race.waiting === SIGNUP_RACE.signups - SIGNUP_RACE.places && race.fairOrder;
  const line = ok
    ? `erfüllt: keine Überbuchung: genau ${SIGNUP_RACE.places} Plätze vergeben, ${SIGNUP_RACE.signups - SIGNUP_RACE.places} auf der Warteliste in der Reihenfolge des Eingangs`
    : `verfehlt: ${race.accepted} von ${SIGNUP_RACE.signups} angenommen, ${race.placed} Plätze vergeben (Ziel ${SIGNUP_RACE.places}), ${race.waiting} auf der Warteliste (Ziel ${SIGNUP_RACE.signups - SIGNUP_RACE.places})${race.fairOrder ? '' : ', Reihenfolge der Warteliste falsch'}`;
  return { ok, line };
}
