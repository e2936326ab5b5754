import { PageTitle } from '../../components/PageTitle.tsx';

/** Privacy policy: its text follows with its own issue. */
export function PrivacyPage() {
  return <PageTitle>Datenschutzerklärung</PageTitle>;
}
