import { PageTitle } from '../../components/PageTitle.tsx';

/** Contact (SPEC §2): address, social links, mail dialog and maps follow with their own issue. */
export function ContactPage() {
  return <PageTitle>Kontakt</PageTitle>;
}
