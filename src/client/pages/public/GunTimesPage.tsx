import { PageTitle } from '../../components/PageTitle.tsx';

/** Gun times (SPEC §2): texts and the next host and supervisor follow with their own issue. */
export function GunTimesPage() {
  return <PageTitle>Schießzeiten Luftgewehr/Luftpistole</PageTitle>;
}
