import { PageTitle } from '../../components/PageTitle.tsx';

/** Arch times (SPEC §2): texts and alert follow with their own issue. */
export function ArchTimesPage() {
  return <PageTitle>Schießzeiten Bogen</PageTitle>;
}
