import { PageTitle } from '../../components/PageTitle.tsx';

/** Blowpipe results (SPEC §2): season, special results and result lists follow with their own issue. */
export function BlowpipeResultsPage() {
  return <PageTitle>Ergebnisse Blasrohr</PageTitle>;
}
