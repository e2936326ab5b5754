import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ClubProfile } from '../../../../shared/clubProfile.ts';
import type { CourseFacts, OpeningRule } from '../../../../shared/courseFacts.ts';
import { courseDays, formatCourseDay, partialClosureText, todayClosureText, type CourseDay, type PublicCourseState } from '../../../../shared/courseState.ts';
import { openingHours, type OpeningDay } from '../../../../shared/openingHours.ts';
import { useClubProfile, useCourseFacts, useCourseState } from '../../../publicContent.ts';
import { useNow } from '../../../render/renderedAt.tsx';

/**
 * The 3D course's days and state as the course page and the home page show them (issue
 * 30.1): one module both import, so both compute the days from the same data alike.
 */

const OPENING_DAYS = 7;

/** The days of the next week for the course (SPEC §9), for the device's or the server's now. */
function useOpeningDays(profile: ClubProfile | undefined, rule: OpeningRule | undefined): OpeningDay[] {
  // Rendered for the server's day first (the page comes rendered), then for the visitor's clock.
  const now = useNow();
  // The day, not the render: the list only changes when the date does.
  const today = now.toDateString();
  return useMemo(
    () => (profile && rule ? openingHours(now, OPENING_DAYS, profile.course, rule) : []),
    // `today` is not read inside, but a new day is the reason to compute again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [profile, rule, today],
  );
}

/** The course's opening days for given facts (the page's and the preview's), with the closures of `state` applied. */
export function useCourseOpeningDays(profile: ClubProfile | undefined, facts: CourseFacts | undefined, state?: PublicCourseState): CourseDay[] | undefined {
  const days = useOpeningDays(profile, facts?.opening);
  return useMemo(() => (profile && facts ? courseDays(days, state) : undefined), [profile, facts, days, state]);
}

/**
 * What the course's state says about today, at the top of the course page and on the home
 * page: closed today (with the reason), or which targets are closed and the detour. From
 * the same answer as the opening hours, so the notice and the list always agree.
 */
export function CourseStateNotice({ state, today }: { state: PublicCourseState | undefined; today: string }) {
  if (!state) return null;
  const closed = todayClosureText(state, today);
  const partial = partialClosureText(state);
  if (!closed && !partial) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3, whiteSpace: 'pre-line' }}>
      <AlertTitle>{closed ? 'Heute geschlossen' : 'Teilweise gesperrt'}</AlertTitle>
      {closed ?? partial}
      {!closed && state.detour !== '' && (
        <>
          <br />
          {`Umleitung: ${state.detour}`}
        </>
      )}
    </Alert>
  );
}


/**
 * The home page's word on the course (issue 30.1): today's hours or why it is closed, the
 * closed targets with the detour, and the other closed days of the week, each as the
 * course page's list writes it.
 */
export function CourseToday() {
  const profile = useClubProfile().data;
  const facts = useCourseFacts().data;
  const state = useCourseState().data;
  const days = useCourseOpeningDays(profile, facts, state);
  const today = days?.[0];
  if (!days || !today || !state) return null;
  const closedLater = days.slice(1).filter((day) => day.closedBecause !== undefined);
  return (
    <Box component="section" aria-labelledby="home-parcours" sx={{ mb: 4 }}>
      <Typography id="home-parcours" variant="h5" component="h2" gutterBottom>
        3D-Bogenparcours
      </Typography>
      <CourseStateNotice state={state} today={today.date} />
      {today.closedBecause === undefined && (
        <Typography sx={{ mb: 1 }}>{today.closed ? 'Heute geschlossen.' : `Heute geöffnet von ${today.open} bis ${today.close} Uhr.`}</Typography>
      )}
      {closedLater.length > 0 && (
        <Box component="ul" aria-label="Geschlossene Tage des Parcours" sx={{ m: 0, mb: 1, pl: 3 }}>
          {closedLater.map((day) => (
            <Typography component="li" key={day.date}>
              {formatCourseDay(day)}
            </Typography>
          ))}
        </Box>
      )}
      <Link component={RouterLink} to="/bogenparcours">
        Öffnungszeiten, Preise und Regeln
      </Link>
    </Box>
  );
}
