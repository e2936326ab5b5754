import { createTheme } from '@mui/material/styles';
import { deDE as materialGerman } from '@mui/material/locale';
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1b5e20' },
    },
    components: {
      MuiButtonBase: {
        styleOverrides: {
          // MUI marks keyboard focus of buttons, tabs, cards and menu entries only with a faint
          // pulsing ripple, hard to see on the green bar; an outline in the element's own
          // colour shows it everywhere. Drawn inside, so that no overflow (tabs, tables) clips it.
          root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 } },
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          // A disabled field's hint says why it is disabled: it must stay readable.
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
    },
  },
  materialGerman,
);
