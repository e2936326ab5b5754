import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AlertIdentifier, InfoIdentifier } from '../../shared/constants.ts';
import { useEnabledAlert, usePublicInfo } from '../publicContent.ts';
import { RichText } from './RichText.tsx';

/** One info text of the club (SPEC §3) with its bold markers, as a paragraph. */
export function InfoText({ identifier }: { identifier: InfoIdentifier }) {
  const info = usePublicInfo();
  if (info.isPending) return <Skeleton variant="text" width="60%" aria-hidden />;
  const text = info.data?.find((entry) => entry.identifier === identifier)?.text ?? '';
  if (text.trim() === '') return null;
  return (
    // Members break lines in the dashboard's text box; the page keeps them.
    <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>
      <RichText text={text} />
    </Typography>
  );
}

/** A section's notice as an info banner (SPEC §4), shown only while it is switched on. */
export function SectionAlert({ identifier, title }: { identifier: AlertIdentifier; title?: string }) {
  const text = useEnabledAlert(identifier);
  if (text === null) return null;
  return (
    <Alert severity="info" sx={{ mb: 3, whiteSpace: 'pre-line' }}>
      {title && <strong>{title}: </strong>}
      <RichText text={text} />
    </Alert>
  );
}
