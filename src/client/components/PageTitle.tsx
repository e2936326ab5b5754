import Typography from '@mui/material/Typography';
import { useEffect } from 'react';

/** The club's name as the site shows it in the title bar and the browser tab. */
export const SITE_NAME = 'Schützenverein';

/** The h1 of a screen; it also names the browser tab. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} – ${SITE_NAME}`;
  }, [children]);
  return (
    // A little smaller on phones, so that 'Ergebnisse Luftgewehr/Luftpistole' breaks between words.
    <Typography variant="h4" component="h1" gutterBottom sx={(theme) => ({ [theme.breakpoints.down('sm')]: { fontSize: '1.75rem' } })}>
      {children}
    </Typography>
  );
}
