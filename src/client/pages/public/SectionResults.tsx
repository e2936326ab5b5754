import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { EMPTY_TABLE_TEXT, type ResultSection } from '../../../shared/constants.ts';
import { INFO_LABELS, RESULT_TEXT_IDENTIFIERS } from '../../../shared/content.ts';
import { formatFileSize } from '../../../shared/files.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { RichText } from '../../components/RichText.tsx';
import { PUBLIC_STALE_MS, usePublicInfo } from '../../publicContent.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { trpc, type RouterOutputs } from '../../trpc.ts';

type Result = RouterOutputs['results']['publicList'][number];

/** SPEC §8: the prefix of a failed read of the result lists. */
export const RESULTS_ERROR_PREFIX = 'Fehler beim Abrufen der Ergebnisse';

/**
 * On a phone two columns leave each a few words per line: there the honour stands above its
 * holder, the same rows styled as blocks.
 */
function labelAboveTextOnPhones(theme: Theme) {
  return {
    [theme.breakpoints.down('sm')]: {
      '&, & tbody, & tr, & th, & td': { display: 'block' },
      '& th': { width: 'auto', borderBottom: 'none', pb: 0 },
    },
  };
}

/** The season's name and the special results (the section's info texts); empty ones are left out. */
function SeasonAndSpecialResults({ section }: { section: ResultSection }) {
  const info = usePublicInfo();
  const headingId = useId();
  if (info.isPending) return <Skeleton variant="text" width="40%" aria-hidden />;
  const textOf = (identifier: string) => info.data?.find((entry) => entry.identifier === identifier)?.text.trim() ?? '';
  const [seasonIdentifier, ...specialIdentifiers] = RESULT_TEXT_IDENTIFIERS[section];
  const season = textOf(seasonIdentifier);
  const specials = specialIdentifiers.map((identifier) => ({ identifier, label: INFO_LABELS[identifier], text: textOf(identifier) })).filter((row) => row.text !== '');
  return (
    <>
      {season !== '' && <PageHead description={`${season}: Ergebnisse, besondere Leistungen und Wettkämpfe.`} />}
      {season !== '' && (
        <Typography variant="h5" component="h2" gutterBottom sx={{ whiteSpace: 'pre-line' }}>
          <RichText text={season} />
        </Typography>
      )}
      {specials.length > 0 && (
        <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
          <Typography id={headingId} variant="h6" component="h2" gutterBottom>
            Besondere Leistungen
          </Typography>
          <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 800 }}>
            <Table size="small" aria-labelledby={headingId} sx={labelAboveTextOnPhones}>
              <TableBody>
                {specials.map((row) => (
                  <TableRow key={row.identifier}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 500, width: '40%' }}>
                      {row.label}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-line' }}>
                      <RichText text={row.text} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </>
  );
}

function ResultFiles({ title, description, results, pending }: { title: string; description: string; results: readonly Result[]; pending: boolean }) {
  const headingId = useId();
  let content;
  if (pending) content = <Skeleton variant="rounded" height={80} aria-hidden />;
  else if (results.length === 0) content = <Typography>{EMPTY_TABLE_TEXT}</Typography>;
  else {
    content = (
      <Paper variant="outlined">
        <List aria-labelledby={headingId} disablePadding>
          {results.map((result) => (
            <li key={result.id}>
              <ListItemButton component="a" href={result.file_url} target="_blank" rel="noopener" divider>
                <ListItemIcon>
                  <PictureAsPdfIcon color="primary" titleAccess="PDF-Dokument" />
                </ListItemIcon>
                <ListItemText primary={result.filename} secondary={formatFileSize(result.size)} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Paper>
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      {content}
    </Box>
  );
}

export interface SectionResultsProps {
  title: string;
  section: ResultSection;
  /** Above the lists, e.g. the live result of the archery page. */
  children?: ReactNode;
}

/** A results page (SPEC §2): season title, special results, and the lists 'Intern' and 'Extern', newest first. */
export function SectionResults({ title, section, children }: SectionResultsProps) {
  const results = trpc.results.publicList.useQuery({ section }, { meta: { errorPrefix: RESULTS_ERROR_PREFIX }, staleTime: PUBLIC_STALE_MS });
  const list = results.data ?? [];
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <SeasonAndSpecialResults section={section} />
      {children}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <ResultFiles
          title="Intern"
          description="Ergebnisse unserer Vereinsmitglieder"
          results={list.filter((result) => result.internal)}
          pending={results.isPending}
        />
        <ResultFiles
          title="Extern"
          description="Ergebnisse der von uns ausgerichteten Wettkämpfe"
          results={list.filter((result) => !result.internal)}
          pending={results.isPending}
        />
      </Box>
    </>
  );
}

/** The live-result link (alert 'liveresult'), shown only while it is switched on. */
export function LiveResultLink() {
  const alert = trpc.content.publicAlert.useQuery({ identifier: 'liveresult' }, { meta: { errorPrefix: 'Fehler beim Abrufen des Live-Ergebnisses' }, staleTime: PUBLIC_STALE_MS });
  const url = alert.data?.enabled ? alert.data.text.trim() : '';
  if (!/^https?:\/\//i.test(url)) return null;
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      Das Turnier läuft: Die aktuellen Ergebnisse stehen im{' '}
      <Link href={url} target="_blank" rel="noopener noreferrer">
        Live-Ergebnis
        <OpenInNewIcon fontSize="inherit" titleAccess="(öffnet in einem neuen Tab)" sx={{ ml: 0.5, verticalAlign: 'middle' }} />
      </Link>
      .
    </Alert>
  );
}
