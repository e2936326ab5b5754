import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { cookieNameFor, MAP_CONSENT_KEY } from '../../../shared/browserData.ts';
import { BROWSER_DATA, type BrowserDataItem } from '../../../shared/browserDataList.ts';
import { REGISTRATION_LIMITS } from '../../../shared/schemas/registrations.ts';
import { ClubAddress } from '../../components/ClubAddress.tsx';
import { ClubText, LegalSection, Paragraph } from '../../components/LegalSection.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useMapConsent } from '../../mapConsent.ts';
import { PUBLIC_STALE_MS, useClubTexts } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';
import { retentionText } from '../../../shared/courseBook.ts';
import { storedChoiceMark } from '../../storedChoice.ts';

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3 }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}

const KIND_LABELS: Record<BrowserDataItem['kind'], string> = {
  cookie: 'Cookie, nur für diese Website, für Skripte nicht lesbar',
  localStorage: 'Lokaler Speicher des Browsers (localStorage), wird nicht an uns übertragen',
};

/** A cookie's name as the browser shows it, under https with the __Host- prefix. */
function namesOf(item: BrowserDataItem): ReactNode {
  if (item.kind !== 'cookie') return <code>{item.name}</code>;
  return (
    <>
      <code>{item.name}</code>, bei Aufruf über https <code>{cookieNameFor(item.name, true)}</code>
    </>
  );
}

/**
 * Every cookie and stored key with name, purpose, lifetime and whether the logout ends it,
 * from the list built on the names and lifetimes the code uses (src/shared/browserDataList.ts). Term and value pairs
 * rather than a table, so that a phone's width needs no sideways scrolling.
 */
function BrowserDataList() {
  return (
    <Box component="ul" aria-label="Cookies und Einträge im Browser" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {BROWSER_DATA.map((item) => (
        <Box component="li" key={item.name} sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {item.label}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 2,
              '& dt': { fontWeight: 500 },
              '& dd': { m: 0, mb: { xs: 1, sm: 0.5 }, overflowWrap: 'anywhere' },
            }}
          >
            <dt>Name</dt>
            <dd>{namesOf(item)}</dd>
            <dt>Art</dt>
            <dd>{KIND_LABELS[item.kind]}</dd>
            <dt>Zweck</dt>
            <dd>{item.purpose}</dd>
            <dt>Speicherdauer</dt>
            <dd>{item.lifetime}</dd>
            <dt>Beim Abmelden gelöscht</dt>
            <dd>{item.endsAtLogout ? 'Ja' : 'Nein'}</dd>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Where a visitor who agreed to the maps takes the consent back (SPEC §4 'Map consent'). */
function MapConsentControl() {
  const consent = useMapConsent();
  if (!consent.granted) {
    // What the server renders for everyone; a browser that stored the consent starts the app at once to say so.
    return (
      <div {...storedChoiceMark(MAP_CONSENT_KEY)}>
        <Paragraph>In diesem Browser hast du dem Laden der Karten derzeit nicht zugestimmt.</Paragraph>
      </div>
    );
  }
  return (
    <>
      <Paragraph>In diesem Browser hast du dem Laden der Karten zugestimmt.</Paragraph>
      <Button variant="outlined" onClick={consent.withdraw} sx={{ mb: 1.5 }}>
        Einwilligung widerrufen
      </Button>
    </>
  );
}

/** The course book at the 3D course's entrance (issue 30.4): what it keeps, why and for how long (the club's period). */
function CourseBookPrivacy() {
  const months = trpc.courseBook.form.useQuery(undefined, { staleTime: PUBLIC_STALE_MS }).data?.retentionMonths ?? 12;
  return (
    <LegalSection title="Parcoursbuch am Bogenparcours">
      <Paragraph>
        Wer den 3D-Bogenparcours nutzt, trägt sich am Eingang über einen QR-Code in unser elektronisches Parcoursbuch ein.
        Wir verarbeiten dabei die Namen der Schützen, ihre Kategorie der Preisliste, bei Mitgliedern mit Jahreskarte die
        Schützennummer, eine Telefonnummer für Notfälle, die Zeit des Kommens und Gehens und den Zahlungsweg. So wissen
        wir, wer auf dem Parcours ist, können bei Einbruch der Dunkelheit oder in einem Notfall anrufen und haben die
        Teilnahme an den Regeln für Versicherungsfragen festgehalten (Art. 6 Abs. 1 lit. b und f DSGVO). Zum Schutz vor
        Missbrauch nehmen wir von einer IP-Adresse nur eine begrenzte Zahl Anmeldungen je Stunde an. Das Ticket ist nur
        unter seiner langen, zufälligen Adresse erreichbar. Namen, Schützennummern und Telefonnummern löschen wir nach{' '}
        {retentionText(months)} automatisch; übrig bleiben nur Datum, Ticketcode, Kategorien, Betrag und Zahlungsweg für
        die Kasse des Vereins.
      </Paragraph>
    </LegalSection>
  );
}

/**
 * Privacy policy for what this site really does: no tracking, a session and a device cookie
 * for members and two flags in the browser's storage (all from one list), contact messages
 * through a mail outbox, sign-ups to appointments and their 90 days, a server log of logins and changes, embedded maps only after
 * consent, and the members' own download of their data.
 */
export function PrivacyPage() {
  const privacyContact = useClubTexts().data?.privacyContact;
  return (
    <>
      <PageTitle>Datenschutzerklärung</PageTitle>
      <LegalSection title="Verantwortlicher">
        <Paragraph>Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website ist:</Paragraph>
        <ClubAddress />
      </LegalSection>
      {privacyContact && (
        <LegalSection title="Ansprechpartner für den Datenschutz">
          <ClubText text={privacyContact} />
        </LegalSection>
      )}

      <LegalSection title="Das Wichtigste in Kürze">
        <Paragraph>
          Diese Website verwendet keine Analyse- oder Tracking-Werkzeuge, keine Werbung und keine eingebundenen
          Inhalte sozialer Netzwerke. Skripte, Schriften und Bilder kommen nicht von fremden Servern. Wir verarbeiten
          personenbezogene Daten nur, soweit es für den Betrieb der Website, die Anmeldung unserer Mitglieder und die
          Beantwortung von Anfragen nötig ist.
        </Paragraph>
      </LegalSection>

      <LegalSection title="Hosting und Zugriffsdaten">
        <Paragraph>
          Beim Aufruf der Website überträgt dein Browser technisch bedingt Daten an unseren Server: die IP-Adresse,
          Datum und Uhrzeit, die aufgerufene Adresse, den Statuscode der Antwort sowie Angaben zu Browser und
          Betriebssystem. Der Server verarbeitet diese Daten, um die Seiten auszuliefern, und protokolliert sie zur
          Fehlersuche und zur Abwehr von Angriffen. Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren
          und stabilen Betrieb (Art. 6 Abs. 1 lit. f DSGVO). Betreibt ein Hosting-Dienstleister den Server für uns, tut
          er dies als Auftragsverarbeiter nach unserer Weisung (Art. 28 DSGVO).
        </Paragraph>
      </LegalSection>

      <LegalSection title="Cookies und Speicher im Browser">
        <Paragraph>
          Diese Website verwendet nur technisch notwendige Cookies und setzt sie erst, wenn sich ein Mitglied anmeldet:
          ein Sitzungs-Cookie und ein Gerätecookie. Außerdem legt sie im lokalen Speicher deines Browsers (localStorage)
          höchstens zwei Vermerke ab, die nicht an uns übertragen werden. Mehr speichert sie in deinem Browser nicht:
        </Paragraph>
        <BrowserDataList />
        <Paragraph>
          Rechtsgrundlage für die Cookies ist § 25 Abs. 2 Nr. 2 TDDDG in Verbindung mit Art. 6 Abs. 1 lit. b und f DSGVO
          (Anmeldung und Schutz der Konten vor Aussperrung). Das Gerätecookie bleibt nach dem Abmelden im Browser; an
          einem fremden Rechner kannst du es wie alle anderen Einträge über die Einstellungen des Browsers löschen
          („Website-Daten löschen“). Damit widerrufst du auch die Zustimmung zu den Karten.
        </Paragraph>
      </LegalSection>

      <LegalSection title="Kontaktformular">
        <Paragraph>
          Wenn du uns über das Kontaktformular schreibst, verarbeiten wir den gewählten Empfänger, deinen Vornamen und
          Nachnamen, deine E-Mail-Adresse, den Betreff und deine Nachricht. Die Nachricht wird zunächst im Postausgang
          unserer Datenbank gespeichert, bis sie per E-Mail an die zuständige Stelle im Verein versandt ist; so geht
          sie auch bei einer Störung des Mailservers nicht verloren. Die E-Mail verwenden wir nur, um deine Anfrage zu
          beantworten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO bei Anfragen zu einer Mitgliedschaft oder
          Nutzung unserer Angebote, im Übrigen unser berechtigtes Interesse an der Beantwortung (Art. 6 Abs. 1 lit. f
          DSGVO).
          Damit niemand das Formular für massenhafte Nachrichten missbraucht, speichern wir zu jeder Nachricht die
          IP-Adresse des Absenders und nehmen von einer Adresse höchstens fünf Nachrichten je Stunde an (berechtigtes
          Interesse, Art. 6 Abs. 1 lit. f DSGVO). Dienste Dritter wie ein CAPTCHA verwenden wir dafür nicht. Die Nachricht und die daraus
          versandte E-Mail löschen wir 180 Tage nach dem Absenden automatisch aus unserer Datenbank; die E-Mail beim
          Empfänger im Verein löschen wir, sobald die Anfrage erledigt ist und keine gesetzlichen Aufbewahrungspflichten
          bestehen.
        </Paragraph>
      </LegalSection>

      <CourseBookPrivacy />

      <LegalSection title="Anmeldungen zu Terminen">
        <Paragraph>
          Zu manchen Terminen (Turniere, Kurse, Veranstaltungen) kannst du dich über die Website anmelden. Wir
          verarbeiten dazu deinen Vornamen und Nachnamen, deine E-Mail-Adresse und, soweit das Formular des Termins
          danach fragt, Telefonnummer, Geburtsdatum, Verein, die Zahl der Plätze und deine Antworten auf die Fragen des
          Veranstalters. Bei Minderjährigen speichern wir den Namen der erziehungsberechtigten Person und den Zeitpunkt
          ihrer Einwilligung. Die Angaben sehen nur die Organisatoren des Termins im Verein; öffentlich zeigt die
          Website nur die Zahl der freien Plätze. Per E-Mail bekommst du eine Bestätigung mit einem persönlichen Link,
          über den du deine Anmeldung ansehen, ändern und stornieren kannst; in unserer Datenbank ist von diesem Link
          nur ein nicht umkehrbarer Hashwert gespeichert. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Teilnahme
          am Termin).
        </Paragraph>
        <Paragraph>
          Deine Angaben und die Mails zu deiner Anmeldung löschen wir {REGISTRATION_LIMITS.keptDays} Tage nach dem Ende
          des Termins automatisch. Stornierst du über deinen Link oder unter „Meine Daten“, löschen wir sie sofort; in
          der Liste des Veranstalters bleibt nur der Vermerk „storniert“ mit dem Zeitpunkt. Damit niemand das Formular
          für massenhafte Anmeldungen missbraucht, nehmen wir aus einem Netz nur eine begrenzte Zahl von Anmeldungen je
          Stunde an und speichern dazu das Netz deiner IP-Adresse mit dem Zeitpunkt, bis die Frist abgelaufen ist
          (berechtigtes Interesse, Art. 6 Abs. 1 lit. f DSGVO).
        </Paragraph>
      </LegalSection>

      <LegalSection title="Karten auf der Kontaktseite">
        <Paragraph>
          Die Kontaktseite kann Karten von OpenStreetMap (OpenStreetMap Foundation, St John’s Innovation Centre, Cowley
          Road, Cambridge, CB4 0WS, Vereinigtes Königreich) anzeigen. Sie werden erst geladen, nachdem du dem mit der
          Schaltfläche auf der Seite zugestimmt hast. Erst dann stellt dein Browser eine Verbindung zu den Servern von
          OpenStreetMap her und überträgt dabei deine IP-Adresse und Angaben zum Browser. Rechtsgrundlage ist deine
          Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG), die du jederzeit mit Wirkung für die Zukunft
          widerrufen kannst: mit der Schaltfläche „Einwilligung widerrufen“ hier oder indem du die Website-Daten in
          deinem Browser löschst. Für das Vereinigte Königreich
          besteht ein Angemessenheitsbeschluss der EU-Kommission. Der Link „Route planen“ auf der Seite des
          Bogenparcours ist ein einfacher Link; Daten fließen erst, wenn du ihn anklickst.
        </Paragraph>
        <MapConsentControl />
      </LegalSection>

      <LegalSection title="Mitgliederbereich">
        <Paragraph>
          Für die Verwaltung der Website melden sich berechtigte Mitglieder mit Schützennummer und Passwort an. Wir
          speichern dazu Vorname, Nachname, Schützennummer, E-Mail-Adresse, optional die Telefonnummer, die
          Gruppenzugehörigkeit und das Passwort ausschließlich als nicht umkehrbaren Hashwert. Zu jeder Sitzung werden
          Beginn, Ablaufzeit, IP-Adresse und Browserangabe gespeichert; fehlgeschlagene Anmeldeversuche werden mit
          Schützennummer, IP-Adresse und gegebenenfalls der Kennung des Gerätecookies kurzzeitig festgehalten, um das
          Erraten von Passwörtern zu verhindern.
        </Paragraph>
        <Paragraph>
          Anmeldungen (mit IP-Adresse) und Änderungen im Verwaltungsbereich werden in einem Protokoll (Log) mit Datum,
          Uhrzeit und handelnder Person festgehalten. Das Protokoll dient der Nachvollziehbarkeit und Sicherheit,
          ist nur für Mitglieder mit der entsprechenden Berechtigung einsehbar, die es auch löschen können.
          Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Mitgliedschaft und ehrenamtliche Aufgaben) sowie unser
          berechtigtes Interesse an der Sicherheit der Website (Art. 6 Abs. 1 lit. f DSGVO).
        </Paragraph>
      </LegalSection>

      <LegalSection title="Deine Daten herunterladen">
        <Paragraph>
          Als Mitglied kannst du jederzeit selbst einsehen, was die Website über dich gespeichert hat: Unter „Meine Daten“
          lädt die Schaltfläche „Meine Daten herunterladen“ alles als eine Datei im JSON-Format herunter – deine Angaben
          und Gruppen, deine Dienste mit Erinnerungen und Tauschangeboten, ob dein zweiter Faktor eingeschaltet ist, die
          Namen deiner App-Passwörter mit Anlage und letzter Verwendung, Beginn und Ablauf deiner Sitzungen, Mails an
          deine Adresse, Nachrichten, die du mit deiner E-Mail-Adresse über das Kontaktformular geschickt hast, und die
          Einträge im Protokoll, die dich nennen (Auskunft nach Art. 15 DSGVO, Datenübertragbarkeit nach Art. 20
          DSGVO). Passwörter, Schlüssel und Codes stehen nicht darin; sie sind nur als Hashwerte gespeichert. Jeder
          Download wird im Protokoll vermerkt. Deine übrigen Rechte (unten) kannst du jederzeit formlos beim Verein
          geltend machen.
        </Paragraph>
      </LegalSection>

      <LegalSection title="Links zu anderen Websites">
        <Paragraph>
          Links zu sozialen Netzwerken und anderen Websites sind einfache Verweise. Beim Aufruf dieser Seiten gelten die
          Datenschutzbestimmungen ihrer Betreiber; vor dem Anklicken werden keine Daten an sie übertragen.
        </Paragraph>
      </LegalSection>

      <LegalSection title="Deine Rechte">
        <Paragraph>Du hast gegenüber uns folgende Rechte hinsichtlich deiner personenbezogenen Daten:</Paragraph>
        <Bullets
          items={[
            'Auskunft (Art. 15 DSGVO)',
            'Berichtigung (Art. 16 DSGVO)',
            'Löschung (Art. 17 DSGVO)',
            'Einschränkung der Verarbeitung (Art. 18 DSGVO)',
            'Datenübertragbarkeit (Art. 20 DSGVO)',
            'Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO)',
            'Widerruf einer Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)',
          ]}
        />
        <Paragraph>
          Außerdem kannst du dich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), insbesondere bei
          der Behörde des Bundeslandes, in dem du wohnst oder in dem der Verein seinen Sitz hat. Eine automatisierte
          Entscheidungsfindung oder Profilbildung findet nicht statt.
        </Paragraph>
      </LegalSection>
    </>
  );
}
