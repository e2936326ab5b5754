import { PageTitle } from '../../components/PageTitle.tsx';

/** About (SPEC §2): carousel and club history follow with their own issue. */
export function AboutPage() {
  return <PageTitle>Über uns</PageTitle>;
}
