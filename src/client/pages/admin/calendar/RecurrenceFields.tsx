import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useId } from 'react';
import { DATE_FORMAT } from '../../../../shared/constants.ts';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { WEEKDAY_CODES, type Recurrence, type WeekdayCode } from '../../../../shared/recurrence.ts';

/** 'Wiederholung' as the form holds it: every choice kept while another is shown. */
export interface RecurrenceFormValue {
  kind: 'none' | 'weekly' | 'monthly';
  interval: number | '';
  weekdays: WeekdayCode[];
  /** Monthly on the begin's day of the month, or on its n-th (or last) weekday. */
  monthly: 'day' | 'weekday';
  endKind: 'until' | 'count';
  until: Dayjs | null;
  count: number | '';
}

const WEEKDAY_LABELS: Record<WeekdayCode, [short: string, long: string]> = {
  MO: ['Mo', 'Montag'],
  TU: ['Di', 'Dienstag'],
  WE: ['Mi', 'Mittwoch'],
  TH: ['Do', 'Donnerstag'],
  FR: ['Fr', 'Freitag'],
  SA: ['Sa', 'Samstag'],
  SU: ['So', 'Sonntag'],
};
const ORDINALS: Record<number, string> = { 1: 'ersten', 2: 'zweiten', 3: 'dritten', 4: 'vierten', [-1]: 'letzten' };

function weekdayOf(date: Dayjs): WeekdayCode {
  return WEEKDAY_CODES[(date.day() + 6) % 7]!;
}

/** The begin's weekday counted in its month: 1–4, or -1 for a fifth (the last). */
function ordinalOf(date: Dayjs): 1 | 2 | 3 | 4 | -1 {
  const nth = Math.ceil(date.date() / 7);
  return nth >= 5 ? -1 : (nth as 1 | 2 | 3 | 4);
}

/** The form's 'Wiederholung' for an appointment (its series' rule) or a new one starting at `begin`. */
export function recurrenceFormValue(rule: Recurrence | null, begin: Dayjs | null): RecurrenceFormValue {
  const start = begin?.isValid() ? begin : dayjs();
  const defaults: RecurrenceFormValue = {
    kind: 'none',
    interval: 1,
    weekdays: [weekdayOf(start)],
    monthly: 'day',
    endKind: 'until',
    until: start.add(6, 'month').startOf('day'),
    count: 10,
  };
  if (rule === null) return defaults;
  const end = 'count' in rule.end ? { endKind: 'count' as const, count: rule.end.count } : { endKind: 'until' as const, until: dayjs(rule.end.until) };
  if (rule.frequency === 'weekly') return { ...defaults, ...end, kind: 'weekly', interval: rule.interval, weekdays: [...rule.weekdays] };
  return { ...defaults, ...end, kind: 'monthly', interval: rule.interval, monthly: 'day' in rule.on ? 'day' : 'weekday' };
}

/**
 * The rule the form describes, for the schema to check (an empty or half-typed field
 * stays wrong so its message shows); null without repetition.
 */
export function recurrenceOf(value: RecurrenceFormValue, begin: Dayjs | null): Recurrence | null {
  if (value.kind === 'none') return null;
  const interval = value.interval === '' ? 0 : value.interval;
  const end = value.endKind === 'count' ? { count: value.count === '' ? 0 : value.count } : { until: value.until?.isValid() ? value.until.format('YYYY-MM-DD') : '' };
  if (value.kind === 'weekly') return { frequency: 'weekly', interval, weekdays: WEEKDAY_CODES.filter((code) => value.weekdays.includes(code)), end };
  const start = begin?.isValid() ? begin : dayjs();
  return { frequency: 'monthly', interval, on: value.monthly === 'day' ? { day: start.date() } : { ordinal: ordinalOf(start), weekday: weekdayOf(start) }, end };
}

/** A new begin moves a single chosen weekday along (the usual case: the series' one evening). */
export function followBegin(value: RecurrenceFormValue, begin: Dayjs | null): RecurrenceFormValue {
  if (!begin?.isValid() || value.weekdays.length > 1) return value;
  return { ...value, weekdays: [weekdayOf(begin)] };
}

export interface RecurrenceFieldsProps {
  value: RecurrenceFormValue;
  begin: Dayjs | null;
  onChange: (value: RecurrenceFormValue) => void;
  readOnly: boolean;
  error: string | undefined;
}

/** 'Wiederholung' of the appointment dialog: none, weekly on weekdays every n weeks, monthly; until a date or n times. */
export function RecurrenceFields({ value, begin, onChange, readOnly, error }: RecurrenceFieldsProps) {
  const ids = { weekdays: useId(), monthly: useId(), end: useId() };
  const start = begin?.isValid() ? begin : dayjs();
  const set = (change: Partial<RecurrenceFormValue>) => onChange({ ...value, ...change });
  const number = (text: string) => (text === '' ? '' : Math.max(0, Math.trunc(Number(text)) || 0));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField select label="Wiederholung" value={value.kind} onChange={(event) => set({ kind: event.target.value as RecurrenceFormValue['kind'] })} slotProps={{ input: { readOnly } }} fullWidth margin="dense">
          <MenuItem value="none">Keine</MenuItem>
          <MenuItem value="weekly">Wöchentlich</MenuItem>
          <MenuItem value="monthly">Monatlich</MenuItem>
        </TextField>
        {value.kind !== 'none' && (
          <TextField
            label={value.kind === 'weekly' ? 'Alle … Wochen' : 'Alle … Monate'}
            type="number"
            value={value.interval}
            onChange={(event) => set({ interval: number(event.target.value) })}
            slotProps={{ input: { readOnly }, htmlInput: { min: 1, max: 12, inputMode: 'numeric' } }}
            fullWidth
            margin="dense"
          />
        )}
      </Box>
      {value.kind === 'weekly' && (
        <FormControl component="fieldset" sx={{ mt: 1, display: 'block' }}>
          <FormLabel component="legend" id={ids.weekdays}>
            An diesen Wochentagen
          </FormLabel>
          <ToggleButtonGroup
            value={value.weekdays}
            onChange={(_, weekdays: WeekdayCode[]) => set({ weekdays })}
            aria-labelledby={ids.weekdays}
            size="small"
            disabled={readOnly}
            sx={{ flexWrap: 'wrap', mt: 0.5 }}
          >
            {WEEKDAY_CODES.map((code) => (
              // One width for all seven, a finger's: sx outranks the theme's touch size, so it says 44 itself.
              <ToggleButton key={code} value={code} sx={{ minWidth: 44 }}>
                {/* 'Di' to see, 'Dienstag' to hear: the name is the whole day. */}
                <span aria-hidden>{WEEKDAY_LABELS[code][0]}</span>
                <Box component="span" sx={visuallyHidden}>
                  {WEEKDAY_LABELS[code][1]}
                </Box>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
      )}
      {value.kind === 'monthly' && (
        <FormControl sx={{ mt: 1, display: 'block' }}>
          <FormLabel id={ids.monthly}>Im Monat</FormLabel>
          <RadioGroup aria-labelledby={ids.monthly} value={value.monthly} onChange={(event) => set({ monthly: event.target.value as RecurrenceFormValue['monthly'] })}>
            <FormControlLabel value="day" control={<Radio disabled={readOnly} />} label={`am ${start.date()}.`} />
            <FormControlLabel value="weekday" control={<Radio disabled={readOnly} />} label={`am ${ORDINALS[ordinalOf(start)]} ${WEEKDAY_LABELS[weekdayOf(start)][1]}`} />
          </RadioGroup>
        </FormControl>
      )}
      {value.kind !== 'none' && (
        <FormControl sx={{ mt: 1, display: 'block' }}>
          <FormLabel id={ids.end}>Ende der Serie</FormLabel>
          <RadioGroup aria-labelledby={ids.end} value={value.endKind} onChange={(event) => set({ endKind: event.target.value as RecurrenceFormValue['endKind'] })}>
            <FormControlLabel value="until" control={<Radio disabled={readOnly} />} label="am Datum" />
            <FormControlLabel value="count" control={<Radio disabled={readOnly} />} label="nach einer Zahl von Terminen" />
          </RadioGroup>
          {value.endKind === 'until' ? (
            <DatePicker label="Letzter Tag der Serie" value={value.until} onChange={(until) => set({ until })} format={DATE_FORMAT} readOnly={readOnly} slotProps={{ textField: { fullWidth: true, margin: 'dense' } }} />
          ) : (
            <TextField
              label="Anzahl der Termine"
              type="number"
              value={value.count}
              onChange={(event) => set({ count: number(event.target.value) })}
              slotProps={{ input: { readOnly }, htmlInput: { min: 1, inputMode: 'numeric' } }}
              fullWidth
              margin="dense"
            />
          )}
        </FormControl>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
