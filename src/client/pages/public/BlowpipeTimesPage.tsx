import Typography from '@mui/material/Typography';
import { SectionTimes } from './SectionTimes.tsx';

/** Blowpipe times (SPEC §2): description, the weekly shooting times with the times text under them and the section's notice. */
export function BlowpipeTimesPage() {
  return (
    <SectionTimes
      title="Schießzeiten Blasrohr"
      section="blowpipe"
      alert="blowpipe"
      description={
        <Typography sx={{ mb: 2 }}>
          Blasrohrschießen verbindet Konzentration, Atemtechnik und Treffsicherheit und eignet sich für alle
          Altersgruppen. Geschossen wird mit Pfeilen auf Scheiben auf festgelegte Entfernungen. Wer es ausprobieren
          möchte, ist zu den Trainingszeiten willkommen und bekommt dort eine Einweisung.
        </Typography>
      }
    />
  );
}
