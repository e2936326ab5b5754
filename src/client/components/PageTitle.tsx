import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHead } from './PageHead.tsx';

/**
 * The h1 of a screen; it also names the browser tab and, rendered on the server, the document.
 * `action` stands beside it (the back office's help button), never squeezing the title into
 * broken words: the title takes the room, the action keeps its size.
 */
export function PageTitle({ children, action }: { children: string; action?: ReactNode }) {
  const title = (
    // A little smaller on phones, so that 'Ergebnisse Luftgewehr/Luftpistole' breaks between words.
    <Typography variant="h4" component="h1" gutterBottom={action === undefined} sx={(theme) => ({ minWidth: 0, [theme.breakpoints.down('sm')]: { fontSize: '1.75rem' } })}>
      {children}
    </Typography>
  );
  return (
    <>
      <PageHead title={children} />
      {action === undefined ? (
        title
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: '0.35em' }}>
          {title}
          <Box sx={{ flexShrink: 0 }}>{action}</Box>
        </Box>
      )}
    </>
  );
}
