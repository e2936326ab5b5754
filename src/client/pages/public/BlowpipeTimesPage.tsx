import { PageTitle } from '../../components/PageTitle.tsx';

/** Blowpipe times (SPEC §2): texts and alert follow with their own issue. */
export function BlowpipeTimesPage() {
  return <PageTitle>Schießzeiten Blasrohr</PageTitle>;
}
