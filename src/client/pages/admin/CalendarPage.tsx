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
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateWithWeekday } from '../../../shared/appointmentGlance.ts';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import type { AppointmentView } from '../../../shared/schemas/calendar.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { trpc } from '../../trpc.ts';
import { AppointmentDialog } from './calendar/AppointmentDialog.tsx';
import { newAppointmentBegin } from './calendar/newAppointment.ts';
import { STATUS_STYLES, statusLabel } from './calendar/status.ts';
import { calendarMonthPath } from './screens.ts';

/** SPEC §1: weeks start on Monday. */
export const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;
/** What a narrow grid's header shows; the full name stays for screen readers. */
const WEEKDAY_SHORT = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

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

/** The tooltip's lines (SPEC §2: title, start, end, place); the agenda shows them as they are. */
function AppointmentSummary({ appointment }: { appointment: AppointmentView }) {
  return (
    <>
      <strong>{appointment.name}</strong>
      <br />
      Beginn: {formatGermanDateTime(appointment.datetime_begin)}
      <br />
      Ende: {formatGermanDateTime(appointment.datetime_end)}
      <br />
      Ort: {appointment.location}
      {appointment.series && (
        <>
          <br />
          Serie: {appointment.series.description}
        </>
      )}
      {appointment.cancelled && (
        <>
          <br />
          <strong>Entfällt</strong>
        </>
      )}
    </>
  );
}

/** What an entry is called for screen readers: its name, status and, if so, that it is cancelled. */
function entryLabel(appointment: AppointmentView): string {
  return `${appointment.name} (${appointment.cancelled ? 'entfällt' : statusLabel(appointment.status)})`;
}

function AppointmentChip({ appointment, onOpen }: { appointment: AppointmentView; onOpen: () => void }) {
  const style = STATUS_STYLES[appointment.status] ?? STATUS_STYLES[0]!;
  return (
    <Tooltip title={<AppointmentSummary appointment={appointment} />}>
      <ButtonBase
        onClick={onOpen}
        aria-label={entryLabel(appointment)}
        data-status={appointment.status}
        data-cancelled={appointment.cancelled || undefined}
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
          textDecoration: appointment.cancelled ? 'line-through' : undefined,
          opacity: appointment.cancelled ? 0.7 : undefined,
        }}
      >
        {appointment.name}
      </ButtonBase>
    </Tooltip>
  );
}

/**
 * The month as a list of its days with appointments, for phones (below 600 px the grid's
 * seven columns would be too narrow to read or tap): each entry shows what the grid's
 * tooltip shows, in its status colour, and opens the same dialog.
 */
function MonthAgenda({ first, appointments, onOpen }: { first: Dayjs; appointments: AppointmentView[]; onOpen: (appointment: AppointmentView) => void }) {
  const days = useMemo(() => {
    const result: { key: string; date: Dayjs; entries: AppointmentView[] }[] = [];
    for (let date = first; date.month() === first.month(); date = date.add(1, 'day')) {
      const key = date.format('YYYY-MM-DD');
      const entries = appointments.filter((appointment) => onDay(appointment, key));
      if (entries.length > 0) result.push({ key, date, entries });
    }
    return result;
  }, [first, appointments]);
  const label = `Termine ${first.format('MMMM YYYY')}`;
  if (days.length === 0) {
    return (
      <Typography component="p" color="text.secondary" aria-label={label}>
        Keine Termine in diesem Monat.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {days.map((day) => (
        <Box component="li" key={day.key} data-day={day.key}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
            {WEEKDAYS[(day.date.day() + 6) % 7]}, {day.date.format('DD.MM.YYYY')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1 }}>
            {day.entries.map((appointment) => {
              const style = STATUS_STYLES[appointment.status] ?? STATUS_STYLES[0]!;
              return (
                <ButtonBase
                  key={appointment.id}
                  onClick={() => onOpen(appointment)}
                  data-status={appointment.status}
                  data-cancelled={appointment.cancelled || undefined}
                  sx={{
                    display: 'block',
                    width: '100%',
                    minHeight: 44,
                    textAlign: 'left',
                    p: 1.5,
                    borderRadius: 1,
                    borderLeft: 8,
                    borderColor: style.background,
                    bgcolor: 'action.hover',
                    typography: 'body2',
                  }}
                >
                  <AppointmentSummary appointment={appointment} />
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    Status: {statusLabel(appointment.status)}
                  </Box>
                </ButtonBase>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Calendar (SPEC §2): the month's grid Monday to Sunday with the appointments in their
 * day cells, coloured by status; previous/next and the picker change the route. Below
 * 600 px the month shows as an agenda instead (MonthAgenda).
 */
export function CalendarPage() {
  const params = useParams();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const first = useMemo(() => dayjs(`${params.year ?? dayjs().year()}-${params.month ?? dayjs().format('MM')}-01T00:00:00`), [params.year, params.month]);
  const year = first.year();
  const month = first.month() + 1;
  const appointments = trpc.calendar.month.useQuery({ year, month }, { meta: { errorPrefix: 'Fehler beim Abrufen der Termine' } });
  const weeks = useMemo(() => monthWeeks(first), [first]);
  const dialog = useDialogState<{ appointment: AppointmentView | null; day: Dayjs | null }>();

  const canCreate = hasPermission(user, 'calendar_create');
  const createOn = (date: Dayjs) => dialog.show({ appointment: null, day: newAppointmentBegin(date, first, dayjs()) });
  const go = (date: Dayjs) => void navigate(calendarMonthPath(date.year(), date.month() + 1));
  const today = dayjs().format('YYYY-MM-DD');
  const list = appointments.data ?? [];

  return (
    <>
      <AdminPageTitle screen="calendar" />
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
      {phone ? (
        <Box sx={{ pb: 10 }}>
          <MonthAgenda first={first} appointments={list} onOpen={(appointment) => dialog.show({ appointment, day: null })} />
        </Box>
      ) : (
        <Paper variant="outlined">
          <Box component="table" aria-label={`Kalender ${first.format('MMMM YYYY')}`} sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday, index) => (
                  <Box component="th" scope="col" key={weekday} abbr={weekday} sx={{ p: 1, typography: 'subtitle2', borderBottom: 1, borderColor: 'divider' }}>
                    {/* Seven full names need some 900 px; narrower, the short forms fit. */}
                    <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
                      {weekday}
                    </Box>
                    <Box component="span" aria-hidden sx={{ display: { xs: 'inline', md: 'none' } }}>
                      {WEEKDAY_SHORT[index]}
                    </Box>
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
                      onClick={(event) => {
                        // Only the free space: an appointment's chip and the day's button have clicks of their own.
                        if (canCreate && event.target === event.currentTarget) createOn(day.date);
                      }}
                      sx={{
                        cursor: canCreate ? 'pointer' : undefined,
                        verticalAlign: 'top',
                        height: 110,
                        p: 0.5,
                        border: 1,
                        borderColor: 'divider',
                        bgcolor: day.inMonth ? undefined : 'action.hover',
                      }}
                    >
                      {canCreate ? (
                        // The day's number starts a new appointment on that day (issue 28.5); so does a click on the cell's free space.
                        <ButtonBase
                          // The name begins with what the button shows (WCAG 2.5.3), then says what it does.
                          aria-label={`${day.date.date()}. – Termin am ${formatDateWithWeekday(day.key)} anlegen`}
                          onClick={() => createOn(day.date)}
                          sx={{
                            typography: 'body2',
                            px: 0.5,
                            borderRadius: 1,
                            fontWeight: day.key === today ? 700 : undefined,
                            color: day.inMonth ? 'text.primary' : 'text.secondary',
                            '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
                          }}
                        >
                          {day.date.date()}.
                        </ButtonBase>
                      ) : (
                        <Typography
                          variant="body2"
                          component="div"
                          sx={{ fontWeight: day.key === today ? 700 : undefined, color: day.inMonth ? 'text.primary' : 'text.secondary' }}
                        >
                          {day.date.date()}.
                        </Typography>
                      )}
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
      )}
      {/* SPEC §6: without calendar_create the button is there, disabled. */}
      <Fab
        color="primary"
        aria-label="Termin anlegen"
        disabled={!canCreate}
        onClick={() => dialog.show({ appointment: null, day: newAppointmentBegin(null, first, dayjs()) })}
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
