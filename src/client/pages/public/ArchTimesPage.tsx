import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatWhole } from '../../../shared/courseFacts.ts';
import { useCourseFacts } from '../../publicContent.ts';
import { SectionTimes } from './SectionTimes.tsx';

/** Arch times (SPEC §2): description, the weekly shooting times with the times text under them and the section's notice. */
export function ArchTimesPage() {
  // The course's number of targets is its data (panel 'Bogenparcours: Fakten und Preise').
  const targets = useCourseFacts().data?.targets;
  return (
    <SectionTimes
      title="Schießzeiten Bogen"
      section="arch"
      alert="arch"
      description={
        <>
          <Typography sx={{ mb: 2 }}>
            In der Bogenabteilung schießen Anfängerinnen und Anfänger ebenso wie erfahrene Schützinnen und Schützen auf
            die Scheibe. Wer es ausprobieren möchte, meldet sich am besten vorher über das Kontaktformular und bekommt
            zu den Trainingszeiten eine Einweisung.
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Im Gelände wartet außerdem unser{' '}
            <Link component={RouterLink} to="/bogenparcours">
              3D-Bogenparcours
            </Link>
            {targets === undefined ? '.' : ` mit ${formatWhole(targets)} Zielen.`}
          </Typography>
        </>
      }
    />
  );
}
