import { LegalSection, Paragraph } from '../../components/LegalSection.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

/** Disclaimer: liability for content and links, copyright. */
export function DisclaimerPage() {
  return (
    <>
      <PageTitle>Disclaimer</PageTitle>
      <LegalSection title="Haftung für Inhalte">
        <Paragraph>
          Die Inhalte dieser Website werden von den Mitgliedern unseres Vereins ehrenamtlich und mit größter Sorgfalt
          erstellt. Für die Richtigkeit, Vollständigkeit und Aktualität der Inhalte, insbesondere von Terminen,
          Schießzeiten, Öffnungszeiten und Preisen, können wir jedoch keine Gewähr übernehmen. Die Öffnungszeiten des
          Bogenparcours werden aus Sonnenauf- und Sonnenuntergang berechnet; kurzfristige Schließungen gehen ihnen vor.
        </Paragraph>
        <Paragraph>
          Als Diensteanbieter sind wir nach § 7 Abs. 1 DDG für eigene Inhalte auf diesen Seiten nach den allgemeinen
          Gesetzen verantwortlich. Nach §§ 8 bis 10 DDG sind wir jedoch nicht verpflichtet, übermittelte oder
          gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige
          Tätigkeit hinweisen. Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den
          allgemeinen Gesetzen bleiben hiervon unberührt. Eine diesbezügliche Haftung ist erst ab dem Zeitpunkt der
          Kenntnis einer konkreten Rechtsverletzung möglich. Sobald wir von entsprechenden Rechtsverletzungen erfahren,
          entfernen wir diese Inhalte umgehend.
        </Paragraph>
      </LegalSection>
      <LegalSection title="Haftung für Links">
        <Paragraph>
          Unsere Website enthält Links zu externen Websites Dritter, etwa zu sozialen Netzwerken, Routenplanern und
          Ergebnisdiensten, auf deren Inhalte wir keinen Einfluss haben. Für diese fremden Inhalte können wir daher
          keine Gewähr übernehmen; verantwortlich ist stets der jeweilige Anbieter oder Betreiber der Seiten. Die
          verlinkten Seiten wurden zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße überprüft; rechtswidrige
          Inhalte waren zu diesem Zeitpunkt nicht erkennbar. Eine dauerhafte inhaltliche Kontrolle der verlinkten Seiten
          ist ohne konkrete Anhaltspunkte einer Rechtsverletzung nicht zumutbar. Wird uns eine Rechtsverletzung bekannt,
          entfernen wir den Link umgehend.
        </Paragraph>
      </LegalSection>
      <LegalSection title="Urheberrecht">
        <Paragraph>
          Die Texte, Bilder und Dokumente auf dieser Website unterliegen dem deutschen Urheberrecht. Vervielfältigung,
          Bearbeitung, Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der
          schriftlichen Zustimmung des jeweiligen Urhebers. Soweit Inhalte nicht vom Verein selbst erstellt wurden,
          werden die Urheberrechte Dritter beachtet. Sollte dir trotzdem eine Urheberrechtsverletzung auffallen, bitten
          wir um einen Hinweis; wir entfernen betroffene Inhalte dann umgehend.
        </Paragraph>
      </LegalSection>
    </>
  );
}
