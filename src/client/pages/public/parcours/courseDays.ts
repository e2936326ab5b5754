import { useMemo } from 'react';
import type { ClubProfile } from '../../../../shared/clubProfile.ts';
import type { CourseFacts, OpeningRule } from '../../../../shared/courseFacts.ts';
import { courseDays, type CourseDay, type PublicCourseState } from '../../../../shared/courseState.ts';
import { openingHours, type OpeningDay } from '../../../../shared/openingHours.ts';
import { useNow } from '../../../render/renderedAt.tsx';

/**
 * The 3D course's days with its closures (issue 30.1), as the course page and the
 * dashboard's preview compute them: in the visitor's browser from the sun (SPEC §9).
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

