import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A section of a legal page: a heading and its paragraphs. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3, maxWidth: 800, '& p': { mb: 1.5 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Typography component="p">{children}</Typography>;
}
