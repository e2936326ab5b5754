import { PageTitle } from '../../components/PageTitle.tsx';

/** Appointments (SPEC §2): the table of upcoming appointments follows with its own issue. */
export function AppointmentsPage() {
  return <PageTitle>Termine</PageTitle>;
}
