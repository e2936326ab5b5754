import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { ClubAddress } from '../../components/ClubAddress.tsx';
import { LegalSection, Paragraph } from '../../components/LegalSection.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

/** Legal notice after § 5 DDG, with the club's facts from its profile (DESIGN §8). */
export function ImpressumPage() {
  return (
    <>
      <PageTitle>Impressum</PageTitle>
      <LegalSection title="Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)">
        <ClubAddress show="address" />
        <Paragraph>Der Verein wird durch seinen Vorstand vertreten.</Paragraph>
      </LegalSection>
      <LegalSection title="Kontakt">
        <ClubAddress show="contacts" />
        <Paragraph>
          Nachrichten an den Vorstand und die Abteilungen erreichen uns auch über das{' '}
          <Link component={RouterLink} to="/kontakt">
            Kontaktformular
          </Link>
          .
        </Paragraph>
      </LegalSection>
      <LegalSection title="Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV">
        <Paragraph>Der Vorstand des Vereins, Anschrift wie oben.</Paragraph>
      </LegalSection>
      <LegalSection title="Verbraucherstreitbeilegung">
        <Paragraph>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
          Verbraucherschlichtungsstelle teilzunehmen.
        </Paragraph>
      </LegalSection>
      <LegalSection title="Haftung und Urheberrecht">
        <Paragraph>
          Hinweise zur Haftung für Inhalte und Links sowie zum Urheberrecht stehen im{' '}
          <Link component={RouterLink} to="/disclaimer">
            Disclaimer
          </Link>
          , Hinweise zum Umgang mit personenbezogenen Daten in der{' '}
          <Link component={RouterLink} to="/datenschutz">
            Datenschutzerklärung
          </Link>
          .
        </Paragraph>
      </LegalSection>
    </>
  );
}
