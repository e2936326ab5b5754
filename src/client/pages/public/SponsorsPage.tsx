import { PageTitle } from '../../components/PageTitle.tsx';

/** Sponsors, called Spender on the site (SPEC §2): the cards follow with their own issue. */
export function SponsorsPage() {
  return <PageTitle>Spender</PageTitle>;
}
