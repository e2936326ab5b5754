import Typography from '@mui/material/Typography';
import { lanesPhrase, type RangeFacts } from '../../../shared/rangeFacts.ts';
import { useRangeFacts } from '../../publicContent.ts';
import { NextHosts } from './NextHosts.tsx';
import { SectionTimes } from './SectionTimes.tsx';

/**
 * What the range is, with its lanes and minimum age from the data (issue 26.1); the page
 * and the preview of the panel 'Luftdruckstand: Fakten' show the same.
 */
export function GunRangeDescription({ facts }: { facts: RangeFacts | undefined }) {
  const size = facts ? ` ${lanesPhrase(facts.lanes)}` : '';
  const start =
    facts?.minimumAge != null
      ? `Wer mindestens ${facts.minimumAge} Jahre alt ist, kann bei uns anfangen; Gäste und Interessierte sind zu den Schießzeiten willkommen.`
      : 'Gäste und Interessierte sind zu den Schießzeiten willkommen.';
  return (
    <>
      <Typography sx={{ mb: 2 }}>{`Auf unserem Luftdruckstand${size} wird mit Luftgewehr und Luftpistole auf 10 m geschossen. ${start}`}</Typography>
      <Typography sx={{ mb: 2 }}>
        Während der Schießzeiten ist immer eine Standaufsicht da, die in die sichere Handhabung einweist. Wer ein
        Probetraining machen möchte, meldet sich am besten vorher über das Kontaktformular; Kinder und Jugendliche
        brauchen das Einverständnis ihrer Erziehungsberechtigten.
      </Typography>
    </>
  );
}

/** Gun times (SPEC §2): description, the weekly shooting times with the times text under them, the section's notice and the next supervisor and host. */
export function GunTimesPage() {
  const facts = useRangeFacts().data;
  return (
    <SectionTimes title="Schießzeiten Luftgewehr/Luftpistole" section="gun" alert="gun" description={<GunRangeDescription facts={facts} />}>
      <NextHosts />
    </SectionTimes>
  );
}
