import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ADULT_AGE, ageOn, FIELD_LABELS, GUARDIAN_CONSENT_TEXT, type RegistrationFields } from '../../../../shared/schemas/registrations.ts';
import { answerName, NO, YES } from '../../../../shared/signupForm.ts';

export interface SignupFieldsProps {
  fields: RegistrationFields;
  placesPerSignup: number;
  guardianConsent: boolean;
  /** `YYYY-MM-DD`: a minor is one under 18 on this day. */
  appointmentDate: string;
  /** The form's texts to start with (a refused form's, a member's, the stored sign-up's). */
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  /** With JavaScript the guardian's part shows only for a minor; without, always, with the rule. */
  hydrated: boolean;
  disabled: boolean;
}

/**
 * The fields of a sign-up as plain form inputs (issue 29.2): each has its `name`, so the form
 * posts without JavaScript, and starts with its value, so a refused form keeps what was
 * typed. Required fields are marked; the German message stands under its field.
 */
export function SignupFields({ fields, placesPerSignup, guardianConsent, appointmentDate, values, errors, hydrated, disabled }: SignupFieldsProps) {
  const [birthdate, setBirthdate] = useState(values.birthdate ?? '');
  const text = (name: string, label: string, options: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <TextField
      key={name}
      name={name}
      label={label}
      defaultValue={values[name] ?? ''}
      required={options.required ?? false}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      fullWidth
      margin="dense"
      disabled={disabled}
      slotProps={options.type === 'date' ? { inputLabel: { shrink: true } } : {}}
      onChange={name === 'birthdate' ? (event) => setBirthdate(event.target.value) : undefined}
    />
  );
  const minor = /^\d{4}-\d{2}-\d{2}$/.test(birthdate) && ageOn(birthdate, appointmentDate) < ADULT_AGE;
  const showGuardian = guardianConsent && (!hydrated || minor || errors.guardianName !== undefined || errors.guardianConsent !== undefined);
  return (
    <>
      {text('prename', 'Vorname', { required: true, autoComplete: 'given-name' })}
      {text('lastname', 'Nachname', { required: true, autoComplete: 'family-name' })}
      {text('email', 'E-Mail', { required: true, type: 'email', autoComplete: 'email' })}
      {fields.phone !== 'off' && text('phone', FIELD_LABELS.phone, { required: fields.phone === 'required', type: 'tel', autoComplete: 'tel' })}
      {fields.birthdate !== 'off' && text('birthdate', FIELD_LABELS.birthdate, { required: fields.birthdate === 'required', type: 'date', autoComplete: 'bday' })}
      {fields.club !== 'off' && text('club', FIELD_LABELS.club, { required: fields.club === 'required' })}
      {fields.custom.map((field) => {
        const name = answerName(field.key);
        if (field.type === 'text') return text(name, field.label, { required: field.required });
        if (field.type === 'choice') {
          return (
            <TextField
              key={name}
              select
              name={name}
              label={field.label}
              defaultValue={values[name] ?? ''}
              required={field.required}
              error={errors[name] !== undefined}
              helperText={errors[name]}
              fullWidth
              margin="dense"
              disabled={disabled}
              // The browser's own list: it opens without JavaScript too.
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Bitte wählen</option>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </TextField>
          );
        }
        return (
          <FormControl key={name} required={field.required} error={errors[name] !== undefined} margin="dense" disabled={disabled} sx={{ display: 'flex' }}>
            <FormLabel id={`${name}-label`}>{field.label}</FormLabel>
            <RadioGroup row name={name} aria-labelledby={`${name}-label`} defaultValue={values[name] ?? ''}>
              <FormControlLabel value={YES} control={<Radio />} label="Ja" />
              <FormControlLabel value={NO} control={<Radio />} label="Nein" />
            </RadioGroup>
            {errors[name] !== undefined && <FormHelperText>{errors[name]}</FormHelperText>}
          </FormControl>
        );
      })}
      {placesPerSignup > 1 && (
        <TextField
          name="places"
          label="Plätze"
          type="number"
          defaultValue={values.places ?? '1'}
          required
          error={errors.places !== undefined}
          helperText={errors.places ?? `1 bis ${placesPerSignup} Plätze mit einer Anmeldung, z. B. für eine Familie`}
          margin="dense"
          disabled={disabled}
          slotProps={{ htmlInput: { min: 1, max: placesPerSignup, step: 1 } }}
        />
      )}
      {showGuardian && (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 2, px: 2, pb: 1, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
            Einwilligung der Erziehungsberechtigten
          </Typography>
          {!hydrated && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              Nur nötig, wenn die angemeldete Person am Tag des Termins jünger als {ADULT_AGE} Jahre ist.
            </Typography>
          )}
          {text('guardianName', 'Name der erziehungsberechtigten Person', { required: hydrated })}
          <FormControl error={errors.guardianConsent !== undefined} disabled={disabled}>
            <FormControlLabel control={<Checkbox name="guardianConsent" defaultChecked={values.guardianConsent === 'on'} />} label={GUARDIAN_CONSENT_TEXT} />
            {errors.guardianConsent !== undefined && <FormHelperText>{errors.guardianConsent}</FormHelperText>}
          </FormControl>
        </Box>
      )}
    </>
  );
}
