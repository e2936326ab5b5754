import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE as pickersGerman } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import type { ReactNode } from 'react';

/**
 * German dates (SPEC §1): dayjs 'de' formats 24 h and starts weeks on Monday. Set here, not
 * with the theme: only the back office uses dayjs (under AdminLayout, which renders this
 * provider), so the public pages do not download it.
 */
export const DAYJS_LOCALE = 'de';
dayjs.locale(DAYJS_LOCALE);

const germanPickerTexts = pickersGerman.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * German date pickers (dayjs 'de': 24 h, weeks from Monday). Only the back office picks
 * dates, so the pickers stay out of the public pages' download.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALE} localeText={germanPickerTexts}>
      {children}
    </LocalizationProvider>
  );
}
