import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { formatGermanDate } from '../../../shared/dates.ts';
import { PUBLIC_STALE_MS } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';

export const NO_UPCOMING_HOSTS_TEXT = 'Derzeit ist kein Termin für künftige Bewirtung und Standaufsicht festgelegt';

/** A member's name or a special value's label (given as the first name, DESIGN §3). */
function fullName(person: { prename: string; lastname: string }): string {
  return [person.prename, person.lastname].filter((part) => part !== '').join(' ');
}

/** SPEC §2 gun times: supervisor and host of the next date of the roster, or that none is set. */
export function NextHosts() {
  const hosts = trpc.hosts.publicList.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Standaufsichten/Wirte' },
    staleTime: PUBLIC_STALE_MS,
  });
  const next = hosts.data?.[0];
  return (
    <Box component="section" aria-labelledby="hosts-heading" sx={{ mt: 3 }}>
      <Typography id="hosts-heading" variant="h5" component="h2" gutterBottom>
        Standaufsicht und Bewirtung
      </Typography>
      {hosts.isPending ? (
        <Skeleton variant="text" width="60%" aria-hidden />
      ) : next === undefined ? (
        <Typography>{NO_UPCOMING_HOSTS_TEXT}</Typography>
      ) : (
        <Table size="small" aria-labelledby="hosts-heading" sx={{ maxWidth: 480 }}>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                Nächster Termin
              </TableCell>
              <TableCell>{formatGermanDate(next.date)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                Standaufsicht
              </TableCell>
              <TableCell>{fullName(next.supervisor)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                Bewirtung
              </TableCell>
              <TableCell>{fullName(next.host)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
