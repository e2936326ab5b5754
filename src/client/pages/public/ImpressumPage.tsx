import { PageTitle } from '../../components/PageTitle.tsx';

/** Legal notice: its text follows with its own issue. */
export function ImpressumPage() {
  return <PageTitle>Impressum</PageTitle>;
}
