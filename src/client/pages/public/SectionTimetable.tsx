import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TIMETABLE_EMPTY_TEXT, TIMETABLE_PAUSED_TEXT, weekdayName, type PublicTimetable } from '../../../shared/timetable.ts';
import { RichText } from '../../components/RichText.tsx';

export interface SectionTimetableProps {
  /** The section's active rows and its number of paused ones; undefined while they load. */
  timetable: PublicTimetable | undefined;
  /** The section's info text (SPEC §3 shootingtimes_*), shown under the table; empty: none. */
  note: string;
  /** The id of the heading that names the table. */
  labelledBy: string;
}

/**
 * On a phone three columns share about 320 px: the cells get less room to the side, the
 * weekday never breaks, a time breaks only after its dash, and only a word too long for any
 * line (a German compound as the offer) breaks inside.
 */
const CELL = { px: { xs: 1, sm: 2 }, verticalAlign: 'top' } as const;

/**
 * A section's weekly shooting times as visitors read them (issue 26, point 2): weekday, time
 * and offer with its note, in the order the members gave; paused rows are not shown. Without
 * any row it says so plainly. The dashboard's preview renders this same component.
 */
export function SectionTimetable({ timetable, note, labelledBy }: SectionTimetableProps) {
  return (
    <>
      {timetable === undefined ? (
        <Skeleton variant="rectangular" height={96} aria-hidden />
      ) : timetable.entries.length === 0 ? (
        <Box sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}>
          <Typography>{timetable.paused > 0 ? TIMETABLE_PAUSED_TEXT : TIMETABLE_EMPTY_TEXT}</Typography>
        </Box>
      ) : (
        <Table size="small" aria-labelledby={labelledBy} sx={{ mb: 2, '& td, & th': CELL }}>
          <TableHead>
            <TableRow>
              <TableCell>Tag</TableCell>
              <TableCell>Uhrzeit</TableCell>
              <TableCell>Angebot</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {timetable.entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', overflowWrap: 'normal' }}>
                  {weekdayName(entry.weekday)}
                </TableCell>
                {/* The page lets long words break anywhere; a time does not. */}
                <TableCell sx={{ overflowWrap: 'normal' }}>
                  {/* Times of day in their machine form too (`<time>` without a date); `18:30 Uhr` stays on one line. */}
                  <time dateTime={entry.from}>{entry.from}</time>–<wbr />
                  <time dateTime={entry.to}>{entry.to}</time>
                  {'\u00a0Uhr'}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {entry.what}
                  {entry.note !== '' && (
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                      {entry.note}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {note.trim() !== '' && (
        // Members break lines in the dashboard's text box; the page keeps them.
        <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>
          <RichText text={note} />
        </Typography>
      )}
    </>
  );
}

