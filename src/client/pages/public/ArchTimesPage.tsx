import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SectionTimes } from './SectionTimes.tsx';

/** Arch times (SPEC §2): description, shooting times and the section's notice. */
export function ArchTimesPage() {
  return (
    <SectionTimes
      title="Schießzeiten Bogen"
      alert="arch"
      times="shootingtimes_arch"
      description={
        <>
          <Typography sx={{ mb: 2 }}>
            In der Bogenabteilung schießen Anfängerinnen und Anfänger ebenso wie erfahrene Schützinnen und Schützen mit
            Recurve-, Compound- und traditionellen Bögen auf die Scheibe. Wer es ausprobieren möchte, kommt zu den
            Trainingszeiten vorbei; Leihmaterial und eine Einweisung gibt es vor Ort.
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Im Gelände wartet außerdem unser{' '}
            <Link component={RouterLink} to="/bogenparcours">
              3D-Bogenparcours
            </Link>{' '}
            mit 28 Zielen.
          </Typography>
        </>
      }
    />
  );
}
