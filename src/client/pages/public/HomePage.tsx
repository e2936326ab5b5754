import { PageTitle } from '../../components/PageTitle.tsx';

/** Home (SPEC §2): the welcome text follows with its own issue. */
export function HomePage() {
  return <PageTitle>Willkommen</PageTitle>;
}
