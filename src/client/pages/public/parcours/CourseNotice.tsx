import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { closedDaysAhead, partialClosureText, todayClosureText, type PublicCourseState } from '../../../../shared/courseState.ts';
import { toClubDate } from '../../../../shared/dates.ts';
import { useCourseState } from '../../../publicContent.ts';
import { useNow } from '../../../render/renderedAt.tsx';

/**
 * What the 3D course's state says (issue 30.1), on top of the course page and on the home
 * page, from the one answer the opening hours read too. Free of the sun's computation, so
 * the home page's first download stays as small as it was.
 */

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


/** How many days ahead the home page names closed days: the course page's list. */
const DAYS_AHEAD = 7;

/**
 * The home page's word on the course: closed today (why, until when) or which targets are
 * closed with the detour, and the closed days of the week as the course page's list writes
 * them. Nothing while the course is open all week.
 */
export function CourseAtAGlance() {
  const state = useCourseState().data;
  const today = toClubDate(useNow());
  if (!state) return null;
  const closedLater = closedDaysAhead(state, today, DAYS_AHEAD).slice(todayClosureText(state, today) ? 1 : 0);
  if (closedLater.length === 0 && !todayClosureText(state, today) && !partialClosureText(state)) return null;
  return (
    <Box component="section" aria-labelledby="home-parcours" sx={{ mb: 4 }}>
      <Typography id="home-parcours" variant="h5" component="h2" gutterBottom>
        3D-Bogenparcours
      </Typography>
      <CourseStateNotice state={state} today={today} />
      {closedLater.length > 0 && (
        <Box component="ul" aria-label="Geschlossene Tage des Parcours" sx={{ m: 0, mb: 1, pl: 3 }}>
          {closedLater.map((line) => (
            <Typography component="li" key={line}>
              {line}
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
