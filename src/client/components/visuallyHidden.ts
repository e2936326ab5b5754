/**
 * Styles (sx) for text only screen readers read. Sizes are strings: sx reads the numbers 1
 * and -1 as 100 % and as a spacing of -8 px, which would leave the text a page wide.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
