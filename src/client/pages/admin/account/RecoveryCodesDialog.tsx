import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Portal from '@mui/material/Portal';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { formatGermanDate, toClubDate } from '../../../../shared/dates.ts';
import { useCurrentUser } from '../../../auth.ts';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { useClubName } from '../../../publicContent.ts';
import { ShownOnceDialog } from './AccountDialogs.tsx';
import { downloadText } from '../../../download.ts';

/** The name of the text file 'Als Textdatei speichern' offers. */
export const RECOVERY_CODES_FILE_NAME = 'wiederherstellungscodes.txt';

const PRINT_VIEW_ID = 'recovery-codes-print';

/** What the file and the printout say above the codes: whose codes they are, and from when. */
export function recoveryCodesHeader(clubName: string, uid: string, date: string): string[] {
  return [
    `Wiederherstellungscodes${clubName ? ` – ${clubName}` : ''}`,
    `Schützennummer: ${uid}`,
    `Erzeugt am ${formatGermanDate(date)}`,
    'Jeder Code gilt für eine Anmeldung ohne Telefon. Neue Codes machen diese ungültig.',
  ];
}

/** The header, a blank line, one code a line; with Windows line ends, which every editor reads. */
export function recoveryCodesText(header: string[], codes: string[]): string {
  return [...header, '', ...codes, ''].join('\r\n');
}

/**
 * The ten recovery codes, shown once right after the setup (issue 28.5): each on a line of
 * its own, to copy, print (only the codes: a print view at the end of <body> that alone is
 * printed while the dialog is open) or save as a text file.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const clubName = useClubName();
  const uid = useCurrentUser().data?.uid ?? '';
  const listRef = useRef<HTMLUListElement>(null);
  const header = recoveryCodesHeader(clubName, uid, toClubDate(new Date()));
  const text = recoveryCodesText(header, codes ?? []);

  /** Without the clipboard (an old browser, a page not served over HTTPS) the codes are selected for Strg+C. */
  const selectCodes = () => {
    const list = listRef.current;
    const selection = window.getSelection();
    if (list && selection) {
      selection.removeAllRanges();
      const range = document.createRange();
      range.selectNodeContents(list);
      selection.addRange(range);
    }
    snackbar.show('info', 'Die Codes sind markiert: Kopiere sie mit Strg+C (am Telefon über „Kopieren“).');
  };
  const copyAll = () => {
    if (!navigator.clipboard?.writeText) {
      selectCodes();
      return;
    }
    navigator.clipboard.writeText((codes ?? []).join('\n')).then(() => snackbar.showSuccess('Codes kopiert'), selectCodes);
  };
  const save = () => downloadText(RECOVERY_CODES_FILE_NAME, text, 'text/plain;charset=utf-8');

  const open = codes !== null;
  return (
    <ShownOnceDialog open={open} title="Deine Wiederherstellungscodes" maxWidth="xs" onClose={onClose}>
      <Typography variant="body2" gutterBottom>
        Mit jedem dieser Codes kannst du dich einmal anmelden, falls du dein Telefon nicht zur Hand hast. Bewahre sie sicher auf, z. B.
        ausgedruckt oder in einem Passwortmanager: Sie werden nur jetzt angezeigt.
      </Typography>
      <Box
        component="ul"
        ref={listRef}
        aria-label="Wiederherstellungscodes"
        // A code is 19 characters: one a line, never broken inside (issue 28.5).
        sx={{ fontFamily: 'monospace', fontSize: '1rem', whiteSpace: 'nowrap', pl: 3, my: 2, '& li': { py: 0.25 } }}
      >
        {codes?.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={copyAll}>
          Alle kopieren
        </Button>
        <Button variant="outlined" size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Drucken
        </Button>
        <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={save}>
          Als Textdatei speichern
        </Button>
      </Stack>
      {open && (
        <Portal>
          <GlobalStyles
            styles={{
              [`#${PRINT_VIEW_ID}`]: { display: 'none' },
              '@media print': {
                [`body > *:not(#${PRINT_VIEW_ID})`]: { display: 'none !important' },
                [`#${PRINT_VIEW_ID}`]: { display: 'block', fontFamily: 'sans-serif', color: '#000' },
              },
            }}
          />
          <div id={PRINT_VIEW_ID} data-testid="recovery-codes-print">
            {header.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <ol style={{ fontFamily: 'monospace', fontSize: '14pt', lineHeight: 1.8 }}>
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ol>
          </div>
        </Portal>
      )}
    </ShownOnceDialog>
  );
}
