import Typography from '@mui/material/Typography';
import { PageHead } from './PageHead.tsx';

/** The h1 of a screen; it also names the browser tab and, rendered on the server, the document. */
export function PageTitle({ children }: { children: string }) {
  return (
    <>
      <PageHead title={children} />
      <Typography variant="h4" component="h1" gutterBottom>
        {children}
      </Typography>
    </>
  );
}
