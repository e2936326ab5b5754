/**
 * Native form controls for the course book's pages: they work without JavaScript (a plain
 * form posts them), and they are large enough for a thumb on a 360 px phone held in one hand.
 */
export const fieldSx = {
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  minHeight: '48px',
  px: 1.5,
  py: 1,
  mt: 0.5,
  font: 'inherit',
  fontSize: '1rem',
  border: '1px solid',
  borderColor: 'grey.500',
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
} as const;

export const labelSx = { display: 'block', fontWeight: 500, mt: 1.5 } as const;

export const checkRowSx = { display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1, '& input': { width: '24px', height: '24px', flex: 'none', m: 0 } } as const;

export const primaryButtonSx = { width: '100%', minHeight: '56px', fontSize: '1.1rem', mt: 2 } as const;
