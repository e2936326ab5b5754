import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import type { AppointmentView } from '../../../shared/schemas/calendar.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { trpc } from '../../trpc.ts';
import { AppointmentDialog } from './calendar/AppointmentDialog.tsx';
import { STATUS_STYLES, statusLabel } from './calendar/status.ts';
import { ADMIN_SCREENS, calendarMonthPath } from './screens.ts';

/** SPEC §1: weeks start on Monday. */
export const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;

interface Day {
  date: Dayjs;
  /** `YYYY-MM-DD`, compared with the appointments' date-times as text. */
  key: string;
  inMonth: boolean;
}

/** The weeks (Monday to Sunday) that hold the month's days. */
function monthWeeks(first: Dayjs): Day[][] {
  // dayjs' day(): 0 is Sunday; Monday-based offset.
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const weeks: Day[][] = [];
  let date = start;
  while (weeks.length === 0 || date.month() === first.month()) {
    const week: Day[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push({ date, key: date.format('YYYY-MM-DD'), inMonth: date.month() === first.month() });
      date = date.add(1, 'day');
    }
    weeks.push(week);
  }
  return weeks;
}

function onDay(appointment: AppointmentView, key: string): boolean {
  return appointment.datetime_begin.slice(0, 10) <= key && appointment.datetime_end.slice(0, 10) >= key;
}

function AppointmentChip({ appointment, onOpen }: { appointment: AppointmentView; onOpen: () => void }) {
  const style = STATUS_STYLES[appointment.status] ?? STATUS_STYLES[0]!;
  return (
    <Tooltip
      title={
        <>
          <strong>{appointment.name}</strong>
          <br />
          Beginn: {formatGermanDateTime(appointment.datetime_begin)}
          <br />
          Ende: {formatGermanDateTime(appointment.datetime_end)}
          <br />
          Ort: {appointment.location}
        </>
      }
    >
      <ButtonBase
        onClick={onOpen}
        aria-label={`${appointment.name} (${statusLabel(appointment.status)})`}
        data-status={appointment.status}
        sx={{
          display: 'block',
          width: '100%',
          textAlign: 'left',
          px: 0.5,
          py: 0.25,
          mt: 0.5,
          borderRadius: 1,
          typography: 'caption',
          bgcolor: style.background,
          color: style.color,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {appointment.name}
      </ButtonBase>
    </Tooltip>
  );
}

/**
 * Calendar (SPEC §2): the month's grid Monday to Sunday with the appointments in their
 * day cells, coloured by status; previous/next and the picker change the route.
 */
export function CalendarPage() {
  const params = useParams();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const first = useMemo(() => dayjs(`${params.year ?? dayjs().year()}-${params.month ?? dayjs().format('MM')}-01T00:00:00`), [params.year, params.month]);
  const year = first.year();
  const month = first.month() + 1;
  const appointments = trpc.calendar.month.useQuery({ year, month }, { meta: { errorPrefix: 'Fehler beim Abrufen der Termine' } });
  const weeks = useMemo(() => monthWeeks(first), [first]);
  const dialog = useDialogState<{ appointment: AppointmentView | null; day: Dayjs | null }>();

  const go = (date: Dayjs) => void navigate(calendarMonthPath(date.year(), date.month() + 1));
  const today = dayjs().format('YYYY-MM-DD');
  const list = appointments.data ?? [];

  return (
    <>
      <PageTitle>{ADMIN_SCREENS.calendar.label}</PageTitle>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <IconButton aria-label="Vorheriger Monat" onClick={() => go(first.subtract(1, 'month'))}>
          <ChevronLeftIcon />
        </IconButton>
        <DatePicker
          label="Monat"
          views={['year', 'month']}
          openTo="month"
          format="MMMM YYYY"
          value={first}
          onAccept={(value) => {
            if (value?.isValid()) go(value);
          }}
          onChange={(value, context) => {
            // Typed months change the route once complete; picked ones arrive through onAccept.
            if (value?.isValid() && context.validationError === null && (value.year() !== year || value.month() + 1 !== month)) go(value);
          }}
          slotProps={{ textField: { size: 'small', sx: { width: 220 } } }}
        />
        <IconButton aria-label="Nächster Monat" onClick={() => go(first.add(1, 'month'))}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Box component="table" aria-label={`Kalender ${first.format('MMMM YYYY')}`} sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', minWidth: 700 }}>
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <Box component="th" scope="col" key={weekday} sx={{ p: 1, typography: 'subtitle2', borderBottom: 1, borderColor: 'divider' }}>
                  {weekday}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]!.key}>
                {week.map((day) => (
                  <Box
                    component="td"
                    key={day.key}
                    data-day={day.key}
                    sx={{
                      verticalAlign: 'top',
                      height: 110,
                      p: 0.5,
                      border: 1,
                      borderColor: 'divider',
                      bgcolor: day.inMonth ? undefined : 'action.hover',
                    }}
                  >
                    <Typography
                      variant="body2"
                      component="div"
                      sx={{ fontWeight: day.key === today ? 700 : undefined, color: day.inMonth ? 'text.primary' : 'text.secondary' }}
                    >
                      {day.date.date()}.
                    </Typography>
                    {list
                      .filter((appointment) => onDay(appointment, day.key))
                      .map((appointment) => (
                        <AppointmentChip key={appointment.id} appointment={appointment} onOpen={() => dialog.show({ appointment, day: null })} />
                      ))}
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Paper>
      {/* SPEC §6: without calendar_create the button is there, disabled. */}
      <Fab
        color="primary"
        aria-label="Termin anlegen"
        disabled={!hasPermission(user, 'calendar_create')}
        onClick={() => dialog.show({ appointment: null, day: first.hour(18) })}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
      >
        <AddIcon />
      </Fab>
      <AppointmentDialog
        open={dialog.open}
        appointment={dialog.item?.appointment ?? null}
        day={dialog.item?.day ?? null}
        canUpdate={hasPermission(user, 'calendar_update')}
        canDelete={hasPermission(user, 'calendar_delete')}
        canViewGroups={hasPermission(user, 'groups_view')}
        onClose={dialog.close}
      />
    </>
  );
}
