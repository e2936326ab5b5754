import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE as pickersGerman } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { DAYJS_LOCALE } from '../theme.ts';

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
