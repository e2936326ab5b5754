import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { toClubDate } from '../../../../shared/dates.ts';
import { trpc } from '../../../trpc.ts';

/**
 * 'Jahreskarte Bogenparcours' in the user dialog (issue 30.2): a volunteer ticks who paid the
 * annual pass for this or next club year; the course book's check-in lets only them ride free.
 * Saved at once with each tick (users.setAnnualPass), apart from the dialog's form.
 */
export function AnnualPassField({ userId, disabled }: { userId: number; disabled: boolean }) {
  const ref = String(userId);
  const utils = trpc.useUtils();
  const passes = trpc.users.annualPasses.useQuery({ ref });
  const setPass = trpc.users.setAnnualPass.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern der Jahreskarte' },
    onSuccess: (result) => utils.users.annualPasses.setData({ ref }, result.data),
  });
  const thisYear = Number(toClubDate(new Date()).slice(0, 4));
  const years = passes.data ?? [];
  return (
    <FormGroup sx={{ mt: 2 }}>
      <FormLabel component="legend">Jahreskarte Bogenparcours</FormLabel>
      {[thisYear, thisYear + 1].map((year) => (
        <FormControlLabel
          key={year}
          label={`Jahreskarte ${year}`}
          control={
            <Checkbox
              checked={years.includes(year)}
              disabled={disabled || passes.isPending || setPass.isPending}
              onChange={(event) => setPass.mutate({ ref, year, pass: event.target.checked })}
            />
          }
        />
      ))}
    </FormGroup>
  );
}
