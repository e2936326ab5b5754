import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { ClubAddress } from '../../components/ClubAddress.tsx';
import { ClubText, LegalSection, Paragraph } from '../../components/LegalSection.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useClubTexts } from '../../publicContent.ts';

/** Legal notice after § 5 DDG, with the club's facts and texts from its club data (panel 'Vereinsdaten'). */
export function ImpressumPage() {
  const texts = useClubTexts().data;
  return (
    <>
      <PageTitle>Impressum</PageTitle>
      <LegalSection title="Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)">
        <ClubAddress show="address" />
        <ClubText text={texts?.representation} />
        {texts?.register && (
          <>
            <Paragraph>Registereintrag:</Paragraph>
            <ClubText text={texts.register} />
          </>
        )}
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
        <ClubText text={texts?.responsible} />
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
