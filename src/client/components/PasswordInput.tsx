import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState, type KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from './TextInput.tsx';

/** What a new password must be (SPEC §5's rule), said before it is typed. */
export const NEW_PASSWORD_RULES = 'Mindestens 8 Zeichen, darunter mindestens ein Buchstabe und eine Ziffer.';

export const CAPS_LOCK_NOTE = 'Die Feststelltaste ist eingeschaltet.';

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'endAdornment' | 'onKeyDown' | 'onKeyUp' | 'inputMode'> {
  /** Points out Caps Lock while the field has it on (the login). */
  capsLockNote?: boolean;
}

/**
 * Every password field of the site (issue 28.3): hidden, with a button that shows what was
 * typed ('Passwort anzeigen' / 'Passwort verbergen'), so a typo is seen before it locks a
 * member out; with `capsLockNote` it says when Caps Lock is on. A message of the form
 * takes the place of the caller's hint (e.g. the rules), as in every other field.
 */
export function PasswordInput({ capsLockNote = false, helperText, ...props }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const watchCapsLock = capsLockNote ? (event: KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState('CapsLock')) : undefined;
  const hint = capsLock && !props.error ? [CAPS_LOCK_NOTE, helperText].filter(Boolean).join(' ') : helperText;
  return (
    <TextInput
      {...props}
      type={shown ? 'text' : 'password'}
      helperText={hint}
      onKeyDown={watchCapsLock}
      onKeyUp={watchCapsLock}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={shown ? 'Passwort verbergen' : 'Passwort anzeigen'}
            edge="end"
            onClick={() => setShown((previous) => !previous)}
            // The field keeps the focus: a click on the button must not end the typing.
            onMouseDown={(event) => event.preventDefault()}
          >
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
