import type { AlertIdentifier } from '../shared/constants.ts';
import { trpc } from './trpc.ts';

/** SPEC §8: the prefix of every failed public read of texts and notices. */
export const PUBLIC_CONTENT_ERROR_PREFIX = 'Fehler beim Abrufen der Infomeldungen';

/** Texts change seldom; a visitor moving between pages need not ask again each time. */
export const PUBLIC_STALE_MS = 60_000;

/** All info texts in one request, shared by every public page that shows one. */
export function usePublicInfo() {
  return trpc.content.publicInfo.useQuery(undefined, {
    meta: { errorPrefix: PUBLIC_CONTENT_ERROR_PREFIX },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** All section alerts in one request (a disabled one comes with an empty text). */
export function usePublicAlerts() {
  return trpc.content.publicAlerts.useQuery(undefined, {
    meta: { errorPrefix: PUBLIC_CONTENT_ERROR_PREFIX },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** The alert's text when it is switched on and says something, otherwise null. */
export function useEnabledAlert(identifier: AlertIdentifier): string | null {
  const alert = usePublicAlerts().data?.find((entry) => entry.identifier === identifier);
  return alert?.enabled && alert.text.trim() !== '' ? alert.text : null;
}

/**
 * The club's name, address, contacts, course location and which contact recipients can be
 * written to (DESIGN §8); edited in the back office (panel 'Vereinsdaten').
 */
export function useClubProfile() {
  return trpc.club.profile.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Vereinsangaben' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** The texts of the About, Impressum and Datenschutz pages, from the club data. */
export function useClubTexts() {
  return trpc.club.texts.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Vereinsangaben' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/**
 * Every section's shooting times as visitors see them (active rows only), in one request.
 * A failure says what SPEC §8 says of a times page's texts: the public fetches have no
 * prefix of their own for times, and the one request may carry both.
 */
export function usePublicTimetables() {
  return trpc.timetables.publicList.useQuery(undefined, {
    meta: { errorPrefix: PUBLIC_CONTENT_ERROR_PREFIX },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** The 3D course's facts, prices, rules and opening rule (issue 26.1); edited in the back office (panel 'Bogenparcours: Fakten und Preise'). */
export function useCourseFacts() {
  return trpc.club.course.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Angaben zum Bogenparcours' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/**
 * The 3D course's state (issue 30.1): closed targets with the detour, and the closures that
 * have not ended (tournament days from the calendar included); set on the back-office screen
 * 'Parcours'. The course page, its opening hours and the home page read this one answer.
 */
export function useCourseState() {
  return trpc.parcours.publicState.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen des Zustands des Bogenparcours' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** The air gun range's lanes and minimum age (issue 26.1); edited in the back office (panel 'Luftdruckstand: Fakten'). */
export function useRangeFacts() {
  return trpc.club.range.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Angaben zum Luftdruckstand' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** The home page's greeting, welcome text and cards (issue 26.1); edited in the back office (panel 'Startseite'). */
export function useHomeTexts() {
  return trpc.club.home.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Texte der Startseite' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** The titles and captions of the About carousel's drawings (issue 26.1); edited in the back office (panel 'Über uns: Bildunterschriften'). */
export function useAboutCaptions() {
  return trpc.club.about.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Bildunterschriften' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/**
 * The club's logo and home picture (issue 26.3), null where none is uploaded; edited in the
 * back office (panel 'Logo und Titelbild'). Every page's header asks for it.
 */
export function useClubPictures() {
  return trpc.club.pictures.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen von Logo und Titelbild' },
    staleTime: PUBLIC_STALE_MS,
  });
}

/** The club's name as the title bar and the browser tab show it; empty until the profile has arrived. */
export function useClubName(): string {
  return useClubProfile().data?.name ?? '';
}

/**
 * Upcoming public appointments (SPEC §2 'Appointments'), shared by /termine and the home
 * page; with `section` (a slug) only that section's, asked for only once `enabled`.
 */
export function usePublicAppointments(section?: string, enabled = true) {
  return trpc.calendar.publicList.useQuery(section === undefined ? undefined : { section }, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Termine' },
    staleTime: PUBLIC_STALE_MS,
    enabled,
  });
}

/** The sections visitors can filter /termine by and subscribe to, each with its slug (issue 26). */
export function usePublicSections() {
  return trpc.calendar.publicSections.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Sparten' },
    staleTime: PUBLIC_STALE_MS,
  });
}
