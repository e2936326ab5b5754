import { PageTitle } from '../../components/PageTitle.tsx';

/** Gun results (SPEC §2): season, special results and result lists follow with their own issue. */
export function GunResultsPage() {
  return <PageTitle>Ergebnisse Luftgewehr/Luftpistole</PageTitle>;
}
