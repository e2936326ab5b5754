import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { formatGermanDateTime } from '../../../../shared/dates.ts';
import { trpc } from '../../../trpc.ts';
import { answerText, fullName, printPages, PRINT_ROWS_PER_PAGE, registrationsPath } from './participants.ts';

/**
 * What leaves the paper only the list: the back office's menu and bar, the buttons above
 * the list and the snackbars are not printed; each block of 30 names is one A4 page.
 */
const PRINT_STYLES = {
  '@page': { size: 'A4 portrait', margin: '12mm' },
  '@media print': {
    'body *': { visibility: 'hidden' },
    '.print-list, .print-list *': { visibility: 'visible' },
    '.print-list': { position: 'absolute', left: 0, top: 0, width: '100%' },
    '.print-page': { breakAfter: 'page', pageBreakAfter: 'always' },
    '.print-page:last-of-type': { breakAfter: 'auto', pageBreakAfter: 'auto' },
    '.no-print': { display: 'none !important' },
  },
} as const;

// Long names and headings wrap inside their cell: the list fits a phone's 360 px as it fits the paper.
const cell = { border: '1px solid #000', padding: '4px 6px', textAlign: 'left', fontSize: 12, verticalAlign: 'top', overflowWrap: 'anywhere' } as const;

/** The check-in list for the day (issue 29.4): those with a place, by name, with a column to tick off. */
export function PrintListPage() {
  const appointmentId = Number(useParams().appointmentId);
  const list = trpc.registrations.list.useQuery({ appointmentId }, { meta: { errorPrefix: 'Fehler beim Abrufen der Anmeldungen' }, enabled: Number.isInteger(appointmentId) });
  const data = list.data?.data;
  if (!data) return <Typography>{list.isError ? 'Die Anmeldungen konnten nicht geladen werden.' : 'Anmeldungen werden geladen …'}</Typography>;
  const { appointment, settings, participants } = data;
  const rows = participants.filter((row) => row.status === 'place').sort((a, b) => fullName(a).localeCompare(fullName(b), 'de'));
  const choices = settings.fields.custom.filter((field) => field.type === 'choice');
  const pages = printPages(rows);
  return (
    <>
      <GlobalStyles styles={PRINT_STYLES} />
      <Stack direction="row" className="no-print" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={registrationsPath(appointmentId)}>
          Zur Anmeldeliste
        </Button>
        <Button variant="contained" onClick={() => window.print()}>
          Drucken
        </Button>
      </Stack>
      <Box className="print-list">
        {pages.map((page, index) => (
          <Box component="section" className="print-page" key={index} aria-label={`Seite ${index + 1} von ${pages.length}`} sx={{ mb: 3 }}>
            <Typography component="h1" variant="h6">
              {appointment.name}, {formatGermanDateTime(appointment.datetime_begin)} Uhr
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Teilnehmerliste, Seite {index + 1} von {pages.length} ({rows.length} {rows.length === 1 ? 'Anmeldung' : 'Anmeldungen'})
            </Typography>
            <table style={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' }}>
              <thead>
                <tr>
                  <th style={cell}>Nr.</th>
                  <th style={cell}>Name</th>
                  {settings.fields.club !== 'off' && <th style={cell}>Verein</th>}
                  {choices.map((field) => (
                    <th style={cell} key={field.key}>
                      {field.label}
                    </th>
                  ))}
                  <th style={cell}>Plätze</th>
                  <th style={cell}>bezahlt</th>
                  <th style={{ ...cell, width: '18%' }}>Anwesend ✓</th>
                </tr>
              </thead>
              <tbody>
                {page.map((row, rowIndex) => (
                  <tr key={row.id}>
                    <td style={cell}>{index * PRINT_ROWS_PER_PAGE + rowIndex + 1}</td>
                    <td style={cell}>{fullName(row)}</td>
                    {settings.fields.club !== 'off' && <td style={cell}>{row.club}</td>}
                    {choices.map((field) => (
                      <td style={cell} key={field.key}>
                        {answerText(field, row.answers)}
                      </td>
                    ))}
                    <td style={cell}>{row.places}</td>
                    <td style={cell}>{row.paid ? 'ja' : ''}</td>
                    <td style={cell} aria-label="Anwesend abhaken">
                      {row.present ? '✓' : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        ))}
      </Box>
    </>
  );
}
