import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { paragraphsOf } from '../../shared/clubData.ts';
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

/**
 * A text of the club data (Impressum, Datenschutz) as its own paragraphs, line breaks
 * kept; a placeholder until it has arrived, nothing when it is empty.
 */
export function ClubText({ text }: { text: string | undefined }) {
  if (text === undefined) return <Skeleton variant="text" width="60%" aria-hidden />;
  return paragraphsOf(text).map((paragraph, index) => (
    <Typography key={index} component="p" sx={{ whiteSpace: 'pre-line' }}>
      {paragraph}
    </Typography>
  ));
}
