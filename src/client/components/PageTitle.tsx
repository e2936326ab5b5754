import Typography from '@mui/material/Typography';
import { PageHead } from './PageHead.tsx';

/** The h1 of a screen; it also names the browser tab and, rendered on the server, the document. */
export function PageTitle({ children }: { children: string }) {
  return (
    <>
      <PageHead title={children} />
      {/* A little smaller on phones, so that 'Ergebnisse Luftgewehr/Luftpistole' breaks between words. */}
      <Typography variant="h4" component="h1" gutterBottom sx={(theme) => ({ [theme.breakpoints.down('sm')]: { fontSize: '1.75rem' } })}>
        {children}
      </Typography>
    </>
  );
}
