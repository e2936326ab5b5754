import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { ticketPath } from '../../../shared/courseBook.ts';
import { formatEuro } from '../../../shared/courseFacts.ts';
import { formatGermanDate } from '../../../shared/dates.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { httpStatusOf } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { primaryButtonSx } from './coursebook/formStyles.ts';

/** 'DE02 1203 0000 0000 2020 51': an IBAN in groups of four, as people read it aloud. */
function ibanGroups(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: '1px solid', borderColor: 'divider' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The ticket of a checked-in group (issue 30.2) at its long random address, kept by no
 * cache and found by no search engine: group, time, ticket code, price, today's closing
 * time, the payment (the envelope's code, or the GiroCode for a banking app) and
 * 'Parcours verlassen', a plain form that needs no JavaScript.
 */
export function CourseTicketPage() {
  const token = useParams().token ?? '';
  const found = trpc.courseBook.ticket.useQuery({ token }, { staleTime: 0, meta: { errorPrefix: 'Fehler beim Abrufen des Tickets', notFoundIsPage: true } });
  // A made-up or mistyped address: as the server answers it.
  if (found.error && httpStatusOf(found.error) === 404) return <NotFoundPage />;
  const ticket = found.data;
  if (!ticket) {
    return (
      <>
        <PageTitle>Ticket</PageTitle>
        <Skeleton variant="rectangular" height={300} />
      </>
    );
  }
  const amount = formatEuro(ticket.amountCents / 100);
  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageTitle>{`Ticket ${ticket.ticketCode}`}</PageTitle>
      <PageHead noindex />
      {ticket.checkedOutAt === null ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Ihr seid eingetragen. Lasst diese Seite offen oder speichert ihre Adresse: Nur mit ihr meldet ihr euch wieder ab.
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          Abgemeldet um {ticket.checkedOutAt.slice(11, 16)} Uhr. Danke für euren Besuch!
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography sx={{ fontSize: '2rem', fontWeight: 700, letterSpacing: '0.15em', textAlign: 'center' }} aria-label={`Ticketcode ${ticket.ticketCode.split('').join(' ')}`}>
          {ticket.ticketCode}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Datum" value={formatGermanDate(ticket.day)} />
          <Row label="Eingetragen um" value={`${ticket.checkedInAt.slice(11, 16)} Uhr`} />
          {ticket.closingTime && <Row label="Der Parcours schließt heute um" value={`${ticket.closingTime} Uhr`} />}
          {ticket.shooters.map((shooter, index) => (
            <Row key={index} label={shooter.name || `Person ${index + 1}`} value={`${shooter.category}${shooter.member ? ' (Jahreskarte)' : ''}: ${formatEuro(shooter.priceCents / 100)}`} />
          ))}
          <Row label="Zu zahlen" value={amount} />
        </Box>
      </Paper>

      <Typography component="h2" variant="h6" gutterBottom>
        Bezahlen
      </Typography>
      {ticket.amountCents === 0 ? (
        <Typography sx={{ mb: 2 }}>Mit Jahreskarte ist nichts zu zahlen.</Typography>
      ) : ticket.transfer ? (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ mb: 1 }}>Per Überweisung: Scannt den GiroCode mit eurer Banking-App, oder überweist von Hand:</Typography>
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
            <QrCode text={ticket.transfer.girocode} label={`GiroCode für die Überweisung von ${amount}`} size={240} />
          </Box>
          <Box component="dl" sx={{ m: 0 }}>
            <Row label="Empfänger" value={ticket.transfer.accountHolder} />
            <Row label="IBAN" value={ibanGroups(ticket.transfer.iban)} />
            {ticket.transfer.bic && <Row label="BIC" value={ticket.transfer.bic} />}
            <Row label="Betrag" value={amount} />
            <Row label="Verwendungszweck" value={ticket.transfer.remittance} />
          </Box>
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }}>
          Bar: Legt {amount} in einen Umschlag, schreibt den Ticketcode <strong>{ticket.ticketCode}</strong> darauf und werft ihn in die Kasse am Eingang.
        </Typography>
      )}

      {ticket.checkedOutAt === null && (
        <form method="post" action={`${ticketPath(token)}/verlassen`}>
          <Button type="submit" variant="contained" color="secondary" sx={primaryButtonSx}>
            Parcours verlassen
          </Button>
        </form>
      )}
    </Box>
  );
}
