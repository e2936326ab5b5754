import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PAYMENT_LABELS } from '../../../shared/courseBook.ts';
import { formatEuro } from '../../../shared/courseFacts.ts';
import { toClubDate } from '../../../shared/dates.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { PanelStatus } from './dashboard/PanelStatus.tsx';
import { downloadText } from '../../download.ts';
import { AdminSection } from './AdminSection.tsx';

type Today = RouterOutputs['courseBook']['today'];
type OutGroup = Today['out'][number];
type LeftGroup = Today['left'][number];

/** The list is read again every minute: groups come and go while the member on duty watches. */
const REFRESH_MS = 60_000;

const time = (stamp: string | null) => (stamp === null ? '' : `${stamp.slice(11, 16)} Uhr`);
const names = (group: { shooters: Array<{ name: string }> }) => group.shooters.map((shooter) => shooter.name).join(', ');


function useGroupActions() {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const done = ({ message }: { message: string }) => {
    snackbar.showSuccess(message);
    void utils.courseBook.today.invalidate();
  };
  const checkOut = trpc.courseBook.checkOutGroup.useMutation({ meta: { errorPrefix: 'Fehler beim Abmelden der Gruppe' }, onSuccess: done });
  const markPaid = trpc.courseBook.markPaid.useMutation({ meta: { errorPrefix: 'Fehler beim Vermerken der Zahlung' }, onSuccess: done });
  return { checkOut, markPaid };
}

function PaidCell({ group, canUpdate }: { group: OutGroup | LeftGroup; canUpdate: boolean }) {
  const { markPaid } = useGroupActions();
  if (group.amountCents === 0) return <>–</>;
  if (group.paidAt !== null) return <Chip size="small" color="success" label="erhalten" />;
  return (
    <Button size="small" disabled={!canUpdate || markPaid.isPending} onClick={() => markPaid.mutate({ id: group.id })} aria-label={`Zahlung der Gruppe ${group.ticketCode} erhalten`}>
      Zahlung erhalten
    </Button>
  );
}

function OutTable({ today, canUpdate }: { today: Today; canUpdate: boolean }) {
  const { checkOut } = useGroupActions();
  const columns: DataTableColumn<OutGroup>[] = [
    { id: 'ticket', header: 'Ticket', render: (group) => (group.late ? <Chip size="small" color="warning" label={`${group.ticketCode} noch draußen`} /> : group.ticketCode), searchText: (group) => group.ticketCode },
    { id: 'since', header: 'Seit', render: (group) => time(group.checkedInAt) },
    { id: 'names', header: 'Gruppe', render: (group) => names(group), searchText: names },
    {
      id: 'phone',
      header: 'Telefon',
      render: (group) => <Link href={`tel:${group.phone.replace(/[^+0-9]/g, '')}`}>{group.phone}</Link>,
      searchText: (group) => group.phone,
    },
    { id: 'amount', header: 'Betrag', render: (group) => `${group.amount} (${PAYMENT_LABELS[group.payment]})`, align: 'right' },
    { id: 'paid', header: 'Zahlung', render: (group) => <PaidCell group={group} canUpdate={canUpdate} /> },
    {
      id: 'actions',
      header: 'Aktionen',
      render: (group) => (
        <Button size="small" variant="outlined" disabled={!canUpdate || checkOut.isPending} onClick={() => checkOut.mutate({ id: group.id })} aria-label={`Gruppe ${group.ticketCode} abmelden`}>
          Abmelden
        </Button>
      ),
    },
  ];
  return <DataTable rows={today.out} columns={columns} rowKey={(group) => group.id} label="Auf dem Parcours" initialPageSize={25} />;
}

function LeftTable({ today, canUpdate }: { today: Today; canUpdate: boolean }) {
  const columns: DataTableColumn<LeftGroup>[] = [
    { id: 'ticket', header: 'Ticket', render: (group) => group.ticketCode, searchText: (group) => group.ticketCode },
    { id: 'times', header: 'Zeit', render: (group) => `${time(group.checkedInAt)} – ${time(group.checkedOutAt)}` },
    { id: 'names', header: 'Gruppe', render: (group) => names(group), searchText: names },
    { id: 'amount', header: 'Betrag', render: (group) => `${group.amount} (${PAYMENT_LABELS[group.payment]})`, align: 'right' },
    { id: 'paid', header: 'Zahlung', render: (group) => <PaidCell group={group} canUpdate={canUpdate} /> },
  ];
  return <DataTable rows={today.left} columns={columns} rowKey={(group) => group.id} label="Abgemeldet" initialPageSize={25} />;
}

function Summary({ today }: { today: Today }) {
  const total = today.counts.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography>
        {total === 0 ? 'Heute hat sich noch niemand eingetragen.' : `Heute ${total === 1 ? 'eine Person' : `${total} Personen`}: ${today.counts.map((entry) => `${entry.count} × ${entry.category}`).join(', ')}`}
      </Typography>
      <Typography>
        Erwartete Einnahmen: {formatEuro(today.incomeCents.cash / 100)} bar, {formatEuro(today.incomeCents.transfer / 100)} per Überweisung
      </Typography>
      {today.closingTime && <Typography>Der Parcours schließt heute um {today.closingTime} Uhr.</Typography>}
    </Box>
  );
}

function MonthExport() {
  const [month, setMonth] = useState(() => toClubDate(new Date()).slice(0, 7));
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const download = async () => {
    setBusy(true);
    try {
      const { filename, csv } = await utils.courseBook.monthCsv.fetch({ month });
      downloadText(filename, csv, 'text/csv;charset=utf-8');
    } catch (error) {
      snackbar.showError('Fehler beim Herunterladen der Monatsliste', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField label="Monat" type="month" value={month} onChange={(event) => setMonth(event.target.value)} size="small" slotProps={{ inputLabel: { shrink: true } }} />
      <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy || !/^\d{4}-\d{2}$/.test(month)}>
        Monatsliste herunterladen
      </Button>
    </Box>
  );
}

/**
 * 'Parcoursbuch' (issue 30.2–30.3): today's groups live for the member on duty (on the
 * course with phone number and since when, checked out, counts and expected income; from
 * an hour before closing the groups still out are marked), checking out by hand and
 * marking payments (parcours_update), the treasurer's month list and the poster.
 */
export function CourseBookAdminPage() {
  const me = useSignedInUser();
  const canUpdate = hasPermission(me, 'parcours_update');
  const today = trpc.courseBook.today.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen des Parcoursbuchs' }, refetchInterval: REFRESH_MS });
  return (
    <>
      <AdminPageTitle screen="courseBook" />
      <Box sx={{ mb: 2 }}>
        <Button component={RouterLink} to="/admin/parcoursbuch/aushang" startIcon={<PrintIcon />} variant="outlined">
          Aushang mit QR-Code
        </Button>
      </Box>
      {!today.data ? (
        <PanelStatus query={today} />
      ) : (
        <>
          {today.data.late && today.data.out.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Der Parcours schließt um {today.data.closingTime} Uhr, und {today.data.out.length === 1 ? 'eine Gruppe ist' : `${today.data.out.length} Gruppen sind`} noch draußen. Ruf sie unter der angegebenen Nummer an.
            </Alert>
          )}
          <AdminSection id="coursebook-today" title="Heute">
            <Summary today={today.data} />
          </AdminSection>
          <AdminSection id="coursebook-out" title="Auf dem Parcours" hint="Ab einer Stunde vor Schluss sind Gruppen, die noch draußen sind, markiert. Eine Gruppe, die ohne Abmelden gegangen ist, meldest du hier ab.">
            <OutTable today={today.data} canUpdate={canUpdate} />
          </AdminSection>
          <AdminSection id="coursebook-left" title="Abgemeldet">
            <LeftTable today={today.data} canUpdate={canUpdate} />
          </AdminSection>
          <AdminSection id="coursebook-month" title="Monatsliste für die Kasse" hint="CSV-Datei mit Datum, Ticketcode, Kategorien, Betrag, Zahlungsweg und dem Tag, an dem die Zahlung vermerkt wurde.">
            <MonthExport />
          </AdminSection>
        </>
      )}
    </>
  );
}
