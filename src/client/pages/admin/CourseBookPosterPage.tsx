import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { COURSE_BOOK_PATH } from '../../../shared/courseBook.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { trpc } from '../../trpc.ts';

/** On paper only the poster: the back office's header, menu and buttons stay on the screen. */
const PRINT_STYLES = {
  '@page': { size: 'A4 portrait', margin: '15mm' },
  '@media print': {
    'body *': { visibility: 'hidden' },
    '#aushang, #aushang *': { visibility: 'visible' },
    '#aushang': { position: 'absolute', left: 0, top: 0, width: '100%' },
  },
} as const;

/**
 * The A4 poster at the course's entrance (issue 30.2): a big QR code to the check-in page,
 * the club's name and the address in letters for those who type it. The browser prints
 * it ('Drucken' or Strg+P) with the print stylesheet above.
 */
export function CourseBookPosterPage() {
  const club = trpc.club.profile.useQuery(undefined).data;
  const address = `${window.location.origin}${COURSE_BOOK_PATH}`;
  return (
    <>
      <GlobalStyles styles={PRINT_STYLES} />
      <PageTitle>Aushang Parcoursbuch</PageTitle>
      <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} sx={{ mb: 2 }}>
        Drucken
      </Button>
      <Box id="aushang" sx={{ maxWidth: '180mm', textAlign: 'center', border: { xs: 0, sm: '1px dashed' }, borderColor: 'divider', p: 3, mx: 'auto' }}>
        <Typography component="p" sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1.2 }}>
          Parcoursbuch
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.5rem', mb: 3 }}>
          Vor dem ersten Schuss: QR-Code scannen, Gruppe eintragen, Ticket bekommen.
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center', '& svg': { width: 'min(120mm, 80vw)', height: 'auto' } }}>
          <QrCode text={address} label={`QR-Code zum Parcoursbuch: ${address}`} size={480} />
        </Box>
        <Typography component="p" sx={{ fontSize: '1.4rem', mt: 3, overflowWrap: 'anywhere' }}>
          {address}
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.2rem', mt: 2 }}>
          Bezahlen: bar in die Kasse (Ticketcode auf den Umschlag) oder per Überweisung. Beim Gehen auf dem Ticket „Parcours verlassen“ tippen.
        </Typography>
        {club && (
          <Typography component="p" sx={{ fontSize: '1.2rem', mt: 2 }}>
            {club.name}
          </Typography>
        )}
      </Box>
    </>
  );
}
