import { EMPTY_TABLE_TEXT } from '../../../shared/constants.ts';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatFileSize } from '../../../shared/files.ts';
import { FileIcon } from '../../components/FileIcon.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PUBLIC_STALE_MS } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';

/** Downloads (SPEC §2): the club's files; choosing one opens it. */
const DOWNLOADS_INTRO = 'Formulare, Satzung und weitere Unterlagen des Vereins zum Ansehen und Herunterladen.';

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
                  <FileIcon mime={download.type} color="primary" />
                </ListItemIcon>
                <ListItemText primary={download.filename} secondary={formatFileSize(download.size)} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
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
        description={`${DOWNLOADS_INTRO}${downloads.data?.length ? ` ${downloads.data.map((download) => download.filename).join(', ')}` : ''}`}
      />
      <Typography sx={{ mb: 2, maxWidth: 800 }}>{DOWNLOADS_INTRO}</Typography>
      {content}
    </>
  );
}
