import Typography from '@mui/material/Typography';
import { NextHosts } from './NextHosts.tsx';
import { SectionTimes } from './SectionTimes.tsx';

/** Gun times (SPEC §2): description, the weekly shooting times with the times text under them, the section's notice and the next supervisor and host. */
export function GunTimesPage() {
  return (
    <SectionTimes
      title="Schießzeiten Luftgewehr/Luftpistole"
      section="gun"
      alert="gun"
      description={
        <>
          <Typography sx={{ mb: 2 }}>
            Auf unserem Luftdruckstand mit 10 Ständen wird mit Luftgewehr und Luftpistole auf 10 m geschossen. Wer
            mindestens 12 Jahre alt ist, kann bei uns anfangen; Gäste und Interessierte sind zu den Schießzeiten
            willkommen.
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Während der Schießzeiten ist immer eine Standaufsicht da, die in die sichere Handhabung einweist. Wer ein
            Probetraining machen möchte, meldet sich am besten vorher über das Kontaktformular; Kinder und Jugendliche
            brauchen das Einverständnis ihrer Erziehungsberechtigten.
          </Typography>
        </>
      }
    >
      <NextHosts />
    </SectionTimes>
  );
}
