import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Inside the field at its end, e.g. the button that shows a password. */
  endAdornment?: ReactNode;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onKeyUp?: (event: KeyboardEvent<HTMLInputElement>) => void;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field built as MUI's TextField builds it (label, input, message tied to
 * the input by id) for pages whose first load counts, such as the login: TextField always
 * imports its select variant and with it the menu, popover and modal (10 KB br).
 */
export function TextInput({ label, name, value, onChange, type, autoComplete, autoFocus, required, error, helperText, inputMode, endAdornment, onKeyDown, onKeyUp, fullWidth, margin, sx }: TextInputProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl required={required} error={error} fullWidth={fullWidth} margin={margin} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        label={label}
        endAdornment={endAdornment}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        aria-describedby={helperTextId}
        inputProps={inputMode ? { inputMode } : undefined}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
