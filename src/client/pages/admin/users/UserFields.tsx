import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { changesIdentity, type StoredIdentity } from '../../../../shared/schemas/users.ts';
import { NEW_PASSWORD_RULES, PasswordInput } from '../../../components/PasswordInput.tsx';
import { textFieldProps, type SchemaForm } from '../../../components/useSchemaForm.ts';
import type { RouterOutputs } from '../../../trpc.ts';

export type UserRecord = RouterOutputs['users']['list'][number];

export interface GroupOption {
  id: number;
  name: string;
}

/** The member's data as the form edits it; the password stays blank unless a new one is typed. */
export interface UserFormValues {
  prename: string;
  lastname: string;
  uid: string;
  password: string;
  /** Proves a change of who one is (Meine Daten, or the dialog on oneself); sent only with one. */
  current_password: string;
  email: string;
  phone: string;
  /** Group ids. */
  groups: number[];
}

export function userFormValues(user: UserRecord | null): UserFormValues {
  return {
    prename: user?.prename ?? '',
    lastname: user?.lastname ?? '',
    uid: user?.uid ?? '',
    password: '',
    current_password: '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    groups: user?.groups.map((group) => group.id) ?? [],
  };
}

/**
 * What the shared schemas check: the groups only where the member may change them (SPEC §6),
 * the current password only when one changes who one is (`own`: one's record as stored).
 */
export function userInput(values: UserFormValues, groupsEditable: boolean, own: StoredIdentity | null = null) {
  const { groups, current_password, ...rest } = values;
  const withProof = own && changesIdentity(rest, own) ? { ...rest, current_password } : rest;
  return groupsEditable ? { ...withProof, groups } : withProof;
}

export interface UserFieldsProps {
  form: SchemaForm<UserFormValues, unknown>;
  /** On create; elsewhere a blank password keeps the old one. */
  passwordRequired: boolean;
  /**
   * The member edits themselves (their record as stored): a new password, shooter number or
   * e-mail address needs 'Aktuelles Passwort', shown as soon as one of them changes.
   */
  own?: StoredIdentity | null;
  /** Only with the needed permissions (SPEC §6); otherwise the groups are shown disabled. */
  groupsEditable: boolean;
  /** All groups to choose from (when editable). */
  groupOptions: readonly GroupOption[];
  /** The groups the member is in now, for their names when the options are not loaded. */
  currentGroups: readonly GroupOption[];
  /** Below the groups, e.g. why they cannot be changed. */
  groupsHint?: string | undefined;
  groupsLoading?: boolean;
  disabled?: boolean;
  /** Puts the cursor into Vorname, e.g. when a dialog opens. */
  autoFocus?: boolean;
}

const NUMERIC_INPUT = { htmlInput: { inputMode: 'numeric' } } as const;

/**
 * The fields of a member shared by the user dialog and Meine Daten (SPEC §5): Vorname,
 * Nachname, Schützennummer, Passwort, E-Mail, Telefon and Gruppen, two columns wide on
 * larger screens and one on a phone.
 */
export function UserFields({
  form,
  passwordRequired,
  own = null,
  groupsEditable,
  groupOptions,
  currentGroups,
  groupsHint,
  groupsLoading = false,
  disabled = false,
  autoFocus = false,
}: UserFieldsProps) {
  const text = (field: Exclude<keyof UserFormValues, 'groups'>) => ({ ...textFieldProps(form, field), disabled, fullWidth: true });
  const askCurrentPassword = own !== null && changesIdentity(form.values, own);

  const passwordProps = text('password');
  const passwordHint = passwordRequired ? undefined : 'Leer lassen, um das bisherige Passwort zu behalten.';

  const names = new Map([...currentGroups, ...(groupsEditable ? groupOptions : [])].map((group) => [group.id, group]));
  const chosen = form.values.groups.map((id) => names.get(id) ?? { id, name: `Gruppe ${id}` });
  const groupsError = form.errorOf('groups');

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
      <TextField label="Vorname" required autoComplete="given-name" autoFocus={autoFocus} {...text('prename')} />
      <TextField label="Nachname" required autoComplete="family-name" {...text('lastname')} />
      <TextField label="Schützennummer" required autoComplete="off" slotProps={NUMERIC_INPUT} {...text('uid')} />
      <PasswordInput
        label="Passwort"
        name="password"
        required={passwordRequired}
        autoComplete="new-password"
        {...passwordProps}
        // The rules are said before typing, not only when refused.
        helperText={passwordProps.helperText ?? [NEW_PASSWORD_RULES, passwordHint].filter(Boolean).join(' ')}
      />
      {askCurrentPassword && (
        <PasswordInput
          label="Aktuelles Passwort"
          name="current_password"
          required
          autoComplete="current-password"
          {...text('current_password')}
          helperText={form.errorOf('current_password') ?? 'Zur Bestätigung, weil sich Passwort, Schützennummer oder E-Mail ändern.'}
          sx={{ gridColumn: { sm: '2' } }}
        />
      )}
      <TextField label="E-Mail" type="email" required autoComplete="email" {...text('email')} />
      <TextField label="Telefon" type="tel" autoComplete="tel" {...text('phone')} />
      <Autocomplete
        multiple
        sx={{ gridColumn: '1 / -1' }}
        options={groupsEditable ? groupOptions : currentGroups}
        value={chosen}
        onChange={(_event, value) => form.setField('groups', value.map((group) => group.id))}
        getOptionLabel={(group) => group.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        filterSelectedOptions
        disabled={disabled || !groupsEditable}
        loading={groupsLoading}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Gruppen"
            error={groupsError !== undefined}
            helperText={groupsError ?? groupsHint}
          />
        )}
      />
    </Box>
  );
}
