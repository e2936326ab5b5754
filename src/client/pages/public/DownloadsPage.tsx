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
import { PageTitle } from '../../components/PageTitle.tsx';
import { trpc } from '../../trpc.ts';

/** Downloads (SPEC §2): the club's files; choosing one opens it. */
export function DownloadsPage() {
  const downloads = trpc.downloads.publicList.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Downloads' } });
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
      <Typography sx={{ mb: 2, maxWidth: 800 }}>Formulare, Satzung und weitere Unterlagen des Vereins zum Ansehen und Herunterladen.</Typography>
      {content}
    </>
  );
}
