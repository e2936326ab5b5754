import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS } from './screens.ts';

/** Calendar (SPEC §2): the month grid follows with its own issue; the route always names a month. */
export function CalendarPage() {
  return <PageTitle>{ADMIN_SCREENS.calendar.label}</PageTitle>;
}
