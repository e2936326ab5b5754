import { describe, expect, it } from 'vitest';
import { descriptionText, documentTitle, headTags, jsonForScript, SITE_IMAGE } from '../../src/client/render/head.ts';
import { appointmentEvent, sportsClub } from '../../src/client/structuredData.ts';
import type { ClubProfile } from '../../src/shared/clubProfile.ts';
import type { PublicAppointment } from '../../src/shared/schemas/calendar.ts';

/** The head of a rendered page and its structured data (issue 17), without a server. */

const ORIGIN = 'https://verein.example';

const PROFILE: ClubProfile = {
  name: 'SV Tell Musterstadt',
  street: 'Schützenweg 1',
  postalCode: '12345',
  city: 'Musterstadt',
  phone: '+49 1234 5678',
  email: 'vorstand@verein.example',
  social: [{ kind: 'instagram', url: 'https://www.instagram.com/svtell' }],
  course: { lat: 50, lon: 8, parking: { street: '', postalCode: '', city: '' } },
};

const APPOINTMENT: PublicAppointment = {
  id: 7,
  name: 'Kreismeisterschaft Bogen',
  datetime_begin: '2099-12-05 10:00:00',
  datetime_end: '2099-12-05 16:00:00',
  location: 'Bogenplatz am Waldweg',
  description: 'Anmeldung bis zum 1. Dezember.',
  section: 'Bogen',
  attachments: [],
  series: null,
  signup: null,
};

/** The attributes of the head's meta and link tags, by name or property. */
function metaOf(html: string): Map<string, string> {
  const entries = [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map((match) => [match[1]!, match[2]!] as const);
  return new Map(entries);
}

describe('the page title', () => {
  it('names the page, then the club; the home page only the club', () => {
    expect(documentTitle('Termine', PROFILE.name)).toBe('Termine – SV Tell Musterstadt');
    expect(documentTitle(PROFILE.name, PROFILE.name)).toBe('SV Tell Musterstadt');
    expect(documentTitle('', PROFILE.name)).toBe('SV Tell Musterstadt');
  });
});

describe('the meta description', () => {
  it('is one line without the editor’s bold markers', () => {
    expect(descriptionText('[fett:an]Training[fett:aus]\n\n  jeden   Freitag')).toBe('Training jeden Freitag');
  });

  it('is cut at a word near 200 characters and says so', () => {
    const text = descriptionText(`${'Vereinsmeisterschaft '.repeat(20)}Ende`);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('Vereinsmeisterschaft …')).toBe(true);
  });
});

describe('head tags', () => {
  it('carry title, description, canonical address, Open Graph and Twitter card on PUBLIC_URL', () => {
    const html = headTags({ title: 'Termine', description: 'Alle Termine des Vereins.' }, { clubName: PROFILE.name, origin: ORIGIN, canonicalPath: '/termine' });
    expect(html).toContain('<title>Termine – SV Tell Musterstadt</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/termine" />`);
    const meta = metaOf(html);
    expect(Object.fromEntries(meta)).toMatchObject({
      description: 'Alle Termine des Vereins.',
      'og:title': 'Termine – SV Tell Musterstadt',
      'og:url': `${ORIGIN}/termine`,
      'og:type': 'website',
      'og:locale': 'de_DE',
      'og:site_name': PROFILE.name,
      // No picture of its own: the club's image, with its size.
      'og:image': `${ORIGIN}${SITE_IMAGE.path}`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
    });
  });

  it('take a page’s own picture absolute on PUBLIC_URL', () => {
    const meta = metaOf(headTags({ title: 'Galerien', image: '/files/albums/1/foto.webp' }, { clubName: PROFILE.name, origin: ORIGIN, canonicalPath: '/galerien/verein?album=1' }));
    expect(meta.get('og:image')).toBe(`${ORIGIN}/files/albums/1/foto.webp`);
    expect(meta.get('twitter:card')).toBe('summary');
    expect(meta.has('og:image:width')).toBe(false);
  });

  it('mark a not-found page noindex instead of naming a canonical address', () => {
    const html = headTags({ title: 'Seite nicht gefunden', noindex: true }, { clubName: PROFILE.name, origin: ORIGIN, canonicalPath: '/gibt-es-nicht' });
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('name no address of a page for one reader: its secret stays out of og:url too', () => {
    const html = headTags({ title: 'Ticket', noindex: true }, { clubName: PROFILE.name, origin: ORIGIN, canonicalPath: '/parcoursbuch/ticket/geheim' });
    expect(html).not.toContain('geheim');
  });

  it('keep whatever members typed as text: no tag, attribute or script can be ended from it', () => {
    const hostile = '"><script>alert(1)</script> & </title>';
    const html = headTags(
      { title: hostile, description: hostile, structuredData: [{ name: '</script><script>alert(2)</script>', text: 'a\u2028b' }] },
      { clubName: 'Verein "X" & <Co>', origin: ORIGIN, canonicalPath: '/termine' },
    );
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain('"><');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;/title&gt;');
    expect(jsonForScript({ text: '</script>\u2028' })).toBe('{"text":"\\u003c/script>\\u2028"}');
    // The JSON still reads back as what was typed.
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual({ name: '</script><script>alert(2)</script>', text: 'a\u2028b' });
  });
});

describe('structured data', () => {
  it('describes the club as a SportsClub with address, contact and social profiles', () => {
    expect(sportsClub(PROFILE, ORIGIN)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsClub',
      name: PROFILE.name,
      url: `${ORIGIN}/home`,
      address: { '@type': 'PostalAddress', streetAddress: 'Schützenweg 1', postalCode: '12345', addressLocality: 'Musterstadt', addressCountry: 'DE' },
      telephone: PROFILE.phone,
      email: PROFILE.email,
      sameAs: ['https://www.instagram.com/svtell'],
    });
  });

  it('leaves out what the club has not configured instead of inventing it', () => {
    const bare = sportsClub({ ...PROFILE, street: '', postalCode: '', city: '', phone: undefined, email: undefined, social: [] }, ORIGIN);
    expect(bare).not.toHaveProperty('address');
    expect(bare).not.toHaveProperty('telephone');
    expect(bare).not.toHaveProperty('email');
    expect(bare).not.toHaveProperty('sameAs');
  });

  it('gives an appointment as an Event with Berlin’s offset in winter and in summer', () => {
    expect(appointmentEvent(APPOINTMENT, PROFILE, ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Kreismeisterschaft Bogen',
      startDate: '2099-12-05T10:00:00+01:00',
      endDate: '2099-12-05T16:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Bogenplatz am Waldweg', address: 'Bogenplatz am Waldweg' },
      description: 'Anmeldung bis zum 1. Dezember.',
      image: [`${ORIGIN}${SITE_IMAGE.path}`],
      organizer: { '@type': 'SportsClub', name: PROFILE.name, url: `${ORIGIN}/home` },
      performer: { '@type': 'SportsClub', name: PROFILE.name, url: `${ORIGIN}/home` },
      url: `${ORIGIN}/termine`,
    });
    const summer = appointmentEvent({ ...APPOINTMENT, datetime_begin: '2099-07-01 18:00:00', datetime_end: '2099-07-01 21:30:00' }, PROFILE, ORIGIN);
    expect(summer).toMatchObject({ startDate: '2099-07-01T18:00:00+02:00', endDate: '2099-07-01T21:30:00+02:00' });
  });

  it("gives the club's postal address when the place is the club's own (empty, its name, 'Vereinsheim', its street or address)", () => {
    const address = { '@type': 'PostalAddress', streetAddress: 'Schützenweg 1', postalCode: '12345', addressLocality: 'Musterstadt', addressCountry: 'DE' };
    for (const location of ['', 'SV Tell Musterstadt', 'vereinsheim', ' Vereinsheim ', 'Schützenweg 1', 'Schützenweg 1, 12345 Musterstadt', 'schützenweg 1 12345 musterstadt']) {
      expect(appointmentEvent({ ...APPOINTMENT, location }, PROFILE, ORIGIN), location).toMatchObject({
        location: { '@type': 'Place', name: location.trim() === '' ? PROFILE.name : location, address },
      });
    }
    // Another place is known by its words only; without an address of its own the club's place stays words as well.
    expect(appointmentEvent({ ...APPOINTMENT, location: 'Sporthalle Nachbarort' }, PROFILE, ORIGIN)).toMatchObject({ location: { name: 'Sporthalle Nachbarort', address: 'Sporthalle Nachbarort' } });
    expect(appointmentEvent({ ...APPOINTMENT, location: 'Vereinsheim' }, { ...PROFILE, street: '', postalCode: '', city: '' }, ORIGIN)).toMatchObject({ location: { name: 'Vereinsheim', address: 'Vereinsheim' } });
  });

  it('has no description when the appointment has none, and no Event for a date it cannot read', () => {
    expect(appointmentEvent({ ...APPOINTMENT, description: '  ' }, PROFILE, ORIGIN)).not.toHaveProperty('description');
    expect(appointmentEvent({ ...APPOINTMENT, datetime_begin: 'kein Datum' }, PROFILE, ORIGIN)).toBeUndefined();
  });
});
