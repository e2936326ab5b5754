import { EMPTY_TABLE_TEXT } from '../../../shared/constants.ts';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FILE_FAMILY_LABELS, fileFamily, formatFileSize } from '../../../shared/files.ts';
import { FileIcon } from '../../components/FileIcon.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PUBLIC_STALE_MS } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';

/** Downloads (SPEC §2): the club's files; choosing one opens it. */
const DOWNLOADS_INTRO = 'Formulare, Satzung und weitere Unterlagen des Vereins zum Ansehen und Herunterladen.';

/** 'PDF-Dokument · 1,2 MB': the kind of file in words, then its size. */
function typeAndSize(download: { type: string; size: number }): string {
  return `${FILE_FAMILY_LABELS[fileFamily(download.type)]} · ${formatFileSize(download.size)}`;
}

export function DownloadsPage() {
  const downloads = trpc.downloads.publicList.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Downloads' }, staleTime: PUBLIC_STALE_MS });
  let content;
  if (downloads.isPending) content = <Skeleton variant="rounded" height={120} aria-hidden />;
  else if (!downloads.data?.length) content = <Typography>{EMPTY_TABLE_TEXT}</Typography>;
  else {
    content = (
      <Paper variant="outlined">
        <List aria-label="Downloads" disablePadding>
          {downloads.data.map((download) => (
            <li key={download.id}>
              <ListItemButton component="a" href={download.file_url} target="_blank" rel="noopener" divider>
                <ListItemIcon>
                  {/* The kind of file is written out below the title; the icon only repeats it. */}
                  <FileIcon mime={download.type} color="primary" decorative />
                </ListItemIcon>
                <ListItemText
                  primary={download.title}
                  secondary={
                    <>
                      {download.description && (
                        // The member's line breaks stay; the type and size follow on a line of their own.
                        <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-line', color: 'text.primary', my: 0.25 }}>
                          {download.description}
                        </Typography>
                      )}
                      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                        {typeAndSize(download)}
                      </Typography>
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Paper>
    );
  }
  return (
    <>
      <PageTitle>Downloads</PageTitle>
      <PageHead
        description={`${DOWNLOADS_INTRO}${downloads.data?.length ? ` ${downloads.data.map((download) => download.title).join(', ')}` : ''}`}
      />
      <Typography sx={{ mb: 2, maxWidth: 800 }}>{DOWNLOADS_INTRO}</Typography>
      {content}
    </>
  );
}
