import { PageTitle } from '../../components/PageTitle.tsx';

/** Arch results (SPEC §2): season, special results, result lists and live result follow with their own issue. */
export function ArchResultsPage() {
  return <PageTitle>Ergebnisse Bogen</PageTitle>;
}
