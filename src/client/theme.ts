import { createTheme, type Theme } from '@mui/material/styles';
import { deDE as materialGerman } from '@mui/material/locale';
/**
 * A finger needs 44 px (WCAG 2.5.5); MUI's icon buttons, small buttons, checkboxes and small
 * fields are 30–42 px. On touch screens they grow to 44, with a mouse they keep their size.
 */
const TOUCH = '@media (pointer: coarse)';

/**
 * On a phone a dialog fills the screen; 24 px at each side would take an eighth of its 360 px
 * (the groups' permission table needs them). Title and content keep the same edge.
 */
function phoneDialogGutters({ theme }: { theme: Theme }) {
  return { [theme.breakpoints.down('sm')]: { paddingLeft: 16, paddingRight: 16 } };
}

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
      MuiIconButton: { styleOverrides: { root: { [TOUCH]: { minWidth: 44, minHeight: 44 } } } },
      MuiButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      MuiToggleButton: { styleOverrides: { root: { [TOUCH]: { minWidth: 44, minHeight: 44 } } } },
      MuiCheckbox: { styleOverrides: { root: { [TOUCH]: { padding: 10 } } } },
      MuiFormControlLabel: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      MuiInputBase: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      // A chosen group in a field of several is removed with a tap on its chip.
      MuiChip: { styleOverrides: { root: { [TOUCH]: { '&.MuiChip-clickable, &.MuiChip-deletable': { height: 'auto', minHeight: 44, borderRadius: 22 } } } } },
      // A dialog's buttons go onto a second line when a phone is too narrow for all of them in
      // one; otherwise they would shrink below their text, which then spills over the next one.
      MuiDialogActions: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 8 } } },
      MuiDialogTitle: { styleOverrides: { root: phoneDialogGutters } },
      MuiDialogContent: { styleOverrides: { root: phoneDialogGutters } },
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
