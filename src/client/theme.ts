import { createTheme } from '@mui/material/styles';
import { deDE as materialGerman } from '@mui/material/locale';
import dayjs from 'dayjs';
import 'dayjs/locale/de';

/** German everywhere (SPEC §1): dayjs 'de' formats 24 h and starts weeks on Monday. */
export const DAYJS_LOCALE = 'de';
dayjs.locale(DAYJS_LOCALE);

export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1b5e20' },
    },
  },
  materialGerman,
);
