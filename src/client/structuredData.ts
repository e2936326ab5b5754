import { previewPicture, type ClubPictures } from '../shared/clubPictures.ts';
import { hasAddress, isClubPlace, type ClubProfile } from '../shared/clubProfile.ts';
import type { CourseFacts, PriceRow } from '../shared/courseFacts.ts';
import type { CourseDay, PublicCourseState } from '../shared/courseState.ts';
import { toIsoWithClubOffset } from '../shared/dates.ts';
import type { PublicAppointment } from '../shared/schemas/calendar.ts';
import { newsArticlePath, type PublicNewsArticle } from '../shared/news.ts';
import { weekdaySchemaOrg, type PublicTimetable, type TimetableSection } from '../shared/timetable.ts';
import { SITE_IMAGE } from './render/head.ts';

/**
 * schema.org objects for search engines (JSON-LD, DESIGN §9), from the data the pages show:
 * the club on the home page, each public upcoming appointment on /termine, each section with
 * its weekly shooting times on its /zeiten-* page, the 3D course with its opening hours and
 * prices on /bogenparcours. Addresses are
 * absolute on the site's origin (PUBLIC_URL).
 */

function postalAddress(profile: Pick<ClubProfile, 'street' | 'postalCode' | 'city'>) {
  return {
    '@type': 'PostalAddress',
    ...(profile.street ? { streetAddress: profile.street } : {}),
    ...(profile.postalCode ? { postalCode: profile.postalCode } : {}),
    ...(profile.city ? { addressLocality: profile.city } : {}),
    addressCountry: 'DE',
  };
}

/** The club as organizer of events and as the subject of the home page. */
function clubReference(profile: ClubProfile, origin: string) {
  return { '@type': 'SportsClub', name: profile.name, url: `${origin}/home` };
}

/**
 * The club (schema.org SportsClub): name, address, contact, social profiles; its logo and
 * picture the uploaded ones (issue 26.3) where there are, otherwise the site's own drawings.
 */
export function sportsClub(profile: ClubProfile, origin: string, pictures?: ClubPictures): object {
  return {
    '@context': 'https://schema.org',
    ...clubReference(profile, origin),
    description: 'Schützenverein mit den Sparten Luftgewehr/Luftpistole, Bogen mit 3D-Bogenparcours und Blasrohr.',
    logo: `${origin}${pictures?.logo?.icon512.url ?? '/icon-512.png'}`,
    image: `${origin}${previewPicture(pictures)?.url ?? SITE_IMAGE.path}`,
    ...(hasAddress(profile) ? { address: postalAddress(profile) } : {}),
    ...(profile.phone ? { telephone: profile.phone } : {}),
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.social.length > 0 ? { sameAs: profile.social.map((link) => link.url) } : {}),
    sport: ['Sportschießen', 'Bogenschießen', 'Blasrohrschießen'],
  };
}

/**
 * Where an appointment takes place: at the club's own place (`isClubPlace`) the club's
 * postal address, which search engines can find on a map; elsewhere the place as the
 * appointment names it, in words only.
 */
function eventPlace(location: string, profile: ClubProfile) {
  const name = location.trim() === '' ? profile.name : location;
  if (isClubPlace(location, profile) && hasAddress(profile)) return { '@type': 'Place', name, address: postalAddress(profile) };
  return { '@type': 'Place', name, address: location };
}

/**
 * One public appointment as an Event, with what Google's rules for event rich results ask
 * for (name, start, location as a Place with address) and recommend (end, description,
 * status, attendance mode, image, organizer, performer). Notes and status of the back
 * office never reach it: the public list does not carry them. Prices are not known, so
 * no offer is invented.
 */
export function appointmentEvent(appointment: PublicAppointment, profile: ClubProfile, origin: string): object | undefined {
  const startDate = toIsoWithClubOffset(appointment.datetime_begin);
  const endDate = toIsoWithClubOffset(appointment.datetime_end);
  if (!startDate || !endDate) return undefined;
  const club = clubReference(profile, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: appointment.name,
    startDate,
    endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: eventPlace(appointment.location, profile),
    ...(appointment.description.trim() !== '' ? { description: appointment.description } : {}),
    image: [`${origin}${SITE_IMAGE.path}`],
    organizer: club,
    performer: club,
    url: `${origin}/termine`,
  };
}

/** What each section does, in the words of the club's `sport` (above). */
const SECTION_SPORTS: Record<TimetableSection, { name: string; sport: string }> = {
  gun: { name: 'Luftgewehr/Luftpistole', sport: 'Sportschießen' },
  arch: { name: 'Bogen', sport: 'Bogenschießen' },
  blowpipe: { name: 'Blasrohr', sport: 'Blasrohrschießen' },
};

/**
 * A section as the place where it shoots (schema.org SportsActivityLocation, part of the
 * club), with its active weekly times as `openingHoursSpecification`: weekday as the
 * schema.org day, `opens` and `closes` club-local, what takes place as the name. Paused
 * times are not in the public timetable, so they never reach it; without any time the
 * property is left out rather than saying "never open".
 */
export function sectionTimetablePlace(section: TimetableSection, timetable: PublicTimetable, profile: ClubProfile, origin: string, path: string): object {
  const { name, sport } = SECTION_SPORTS[section];
  const hours = timetable.entries.flatMap((entry) => {
    const dayOfWeek = weekdaySchemaOrg(entry.weekday);
    if (!dayOfWeek) return [];
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek,
        opens: entry.from,
        closes: entry.to,
        name: entry.what,
        ...(entry.note !== '' ? { description: entry.note } : {}),
      },
    ];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsActivityLocation',
    name: `${profile.name} – ${name}`,
    sport,
    url: `${origin}${path}`,
    ...(hasAddress(profile) ? { address: postalAddress(profile) } : {}),
    ...(profile.phone ? { telephone: profile.phone } : {}),
    parentOrganization: clubReference(profile, origin),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
  };
}

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** One price row as a schema.org Offer: the ticket named by table, section and persons; the price as schema.org writes it (`12.00`). */
function offer(ticket: string, row: PriceRow, url: string) {
  const name = [ticket, row.section, row.persons].filter((part) => part.trim() !== '').join(' – ');
  return { '@type': 'Offer', name, price: row.price.toFixed(2), priceCurrency: 'EUR', url };
}

/**
 * The 3D course (schema.org SportsActivityLocation), from the same data the course page
 * shows: its coordinates and parking address, the opening hours of the days the page lists
 * (one OpeningHoursSpecification per open day, valid that day only: the times follow the
 * sun), every announced closure (issue 30.1) as a `specialOpeningHoursSpecification` closed
 * all day (opens and closes 00:00, as schema.org and Google write "closed"), and every price
 * of its tables as an Offer (`makesOffer`).
 */
export function archeryCourse(profile: ClubProfile, facts: CourseFacts, days: readonly CourseDay[], origin: string, description: string, state?: PublicCourseState): object {
  const url = `${origin}/bogenparcours`;
  const parking = profile.course.parking;
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsActivityLocation',
    name: '3D-Bogenparcours',
    description,
    url,
    image: `${origin}${SITE_IMAGE.path}`,
    geo: { '@type': 'GeoCoordinates', latitude: profile.course.lat, longitude: profile.course.lon },
    ...(hasAddress(parking) ? { address: postalAddress(parking) } : {}),
    openingHoursSpecification: days
      .filter((day) => !day.closed)
      .map((day) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${SCHEMA_DAYS[new Date(`${day.date}T12:00:00Z`).getUTCDay()]}`,
        opens: day.open,
        closes: day.close,
        validFrom: day.date,
        validThrough: day.date,
      })),
    ...(state && state.closures.length > 0
      ? {
          specialOpeningHoursSpecification: state.closures.map((closure) => ({
            '@type': 'OpeningHoursSpecification',
            opens: '00:00',
            closes: '00:00',
            validFrom: closure.from,
            validThrough: closure.to,
            description: `geschlossen: ${closure.text}`,
          })),
        }
      : {}),
    makesOffer: [...facts.dayPrices.map((row) => offer('Tageskarte', row, url)), ...facts.annualPrices.map((row) => offer('Jahreskarte', row, url))],
    parentOrganization: clubReference(profile, origin),
  };
}

/**
 * An article of the club's news (schema.org NewsArticle, issue 27.2): headline, picture,
 * dates with Berlin's offset, the member who wrote it and the club as publisher with its logo.
 */
export function newsArticleData(article: PublicNewsArticle, profile: ClubProfile, origin: string, pictures?: ClubPictures): object {
  const published = toIsoWithClubOffset(article.publishedAt);
  const modified = toIsoWithClubOffset(article.updatedAt > article.publishedAt ? article.updatedAt : article.publishedAt);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    ...(article.teaser ? { description: article.teaser } : {}),
    image: [article.cover ? `${origin}${article.cover.wideUrl}` : `${origin}${SITE_IMAGE.path}`],
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    author: [{ '@type': 'Person', name: article.author }],
    publisher: { '@type': 'Organization', name: profile.name, url: `${origin}/home`, logo: { '@type': 'ImageObject', url: `${origin}${pictures?.logo?.icon512.url ?? '/icon-512.png'}` } },
    mainEntityOfPage: `${origin}${newsArticlePath(article.slug)}`,
    inLanguage: 'de-DE',
  };
}
