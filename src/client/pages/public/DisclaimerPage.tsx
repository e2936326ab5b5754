import { PageTitle } from '../../components/PageTitle.tsx';

/** Disclaimer: its text follows with its own issue. */
export function DisclaimerPage() {
  return <PageTitle>Disclaimer</PageTitle>;
}
