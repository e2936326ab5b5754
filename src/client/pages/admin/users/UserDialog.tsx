import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PROTECTED_USER_ID } from '../../../../shared/permissions.ts';
import { requiringCurrentPassword, userCreateInput, userUpdateInput } from '../../../../shared/schemas/users.ts';
import { useSignedInUser } from '../../../auth.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { AnnualPassField } from './AnnualPassField.tsx';
import { UserFields, userFormValues, userInput, type GroupOption, type UserFormValues, type UserRecord } from './UserFields.tsx';

export interface UserDialogProps {
  open: boolean;
  /** null: a new member. */
  user: UserRecord | null;
  /** groups_view: only then groups can be chosen (SPEC §6). */
  groupsEditable: boolean;
  groupOptions: readonly GroupOption[];
  groupsLoading: boolean;
  onClose: () => void;
}

/**
 * Create or edit a member (SPEC §2, §5 'User (admin dialog)'). The parent remounts it
 * (key) for every opening, so the form starts fresh while a closing dialog keeps its content.
 */
export function UserDialog({ open, user, groupsEditable, groupOptions, groupsLoading, onClose }: UserDialogProps) {
  const utils = trpc.useUtils();
  // Editing oneself: a new password needs the current one, as on Meine Daten.
  const me = useSignedInUser();
  const self = user !== null && user.id === me.id;
  const own = self ? { uid: user.uid, email: user.email } : null;
  const toInput = (values: UserFormValues) => userInput(values, groupsEditable, own);
  const ref = user ? String(user.id) : undefined;
  const schema = user ? (own ? requiringCurrentPassword(userUpdateInput, own) : userUpdateInput) : userCreateInput;
  const form = useSchemaForm(schema, () => userFormValues(user), (values) => ({ ...toInput(values), ref }));

  const saved = () => {
    void utils.users.list.invalidate();
    // The member may have edited themselves.
    void utils.auth.session.invalidate();
    onClose();
  };
  const create = trpc.users.create.useMutation(form.mutationOptions('Fehler beim Anlegen des Nutzers', saved));
  const update = trpc.users.update.useMutation(form.mutationOptions('Fehler beim Bearbeiten des Benutzers', saved));
  const busy = create.isPending || update.isPending;

  // The form's own values, not the schema's output: the server parses them the same way.
  const submit = form.onSubmit((_parsed, values) => {
    const input = toInput(values);
    if (ref) update.mutate({ ...input, ref });
    else create.mutate(input);
  });

  // Someone else's second factor, e.g. after a lost phone; one's own goes through Meine Daten.
  const [switchedOff, setSwitchedOff] = useState(false);
  const [askSwitchOff, setAskSwitchOff] = useState(false);
  const disableSecondFactor = trpc.users.disableSecondFactor.useMutation({
    meta: { errorPrefix: 'Fehler beim Ausschalten des zweiten Faktors' },
    onSuccess: () => {
      setSwitchedOff(true);
      void utils.users.list.invalidate();
    },
    onSettled: () => setAskSwitchOff(false),
  });
  const secondFactorOn = user !== null && user.second_factor && !switchedOff;

  let groupsHint: string | undefined;
  if (!groupsEditable) groupsHint = 'Zum Ändern der Gruppen fehlt dir die Berechtigung, Gruppen anzusehen.';

  return (
    <FormDialog open={open} title={user ? 'Benutzer bearbeiten' : 'Benutzer anlegen'} busy={busy} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
      <UserFields
        form={form}
        passwordRequired={user === null}
        own={own}
        groupsEditable={groupsEditable}
        groupOptions={groupOptions}
        currentGroups={user?.groups ?? []}
        groupsHint={groupsHint}
        groupsLoading={groupsLoading}
        disabled={busy}
        autoFocus
      />
      {user !== null && <AnnualPassField userId={user.id} disabled={busy} />}
      {user !== null && !self && user.id !== PROTECTED_USER_ID && (
        <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2">Zweiter Faktor: {secondFactorOn ? 'eingeschaltet' : 'ausgeschaltet'}</Typography>
          {secondFactorOn && (
            <Button variant="outlined" size="small" onClick={() => setAskSwitchOff(true)} disabled={busy}>
              Zweiten Faktor ausschalten
            </Button>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={askSwitchOff}
        title="Zweiten Faktor ausschalten?"
        text={
          user
            ? `${user.prename} ${user.lastname} meldet sich danach wieder nur mit dem Passwort an; die Wiederherstellungscodes verfallen. Verlangt eine Gruppe den zweiten Faktor, muss er bei der nächsten Anmeldung neu eingerichtet werden.`
            : ''
        }
        busy={disableSecondFactor.isPending}
        onCancel={() => setAskSwitchOff(false)}
        onConfirm={() => {
          if (user) disableSecondFactor.mutate({ ref: String(user.id) });
        }}
      />
    </FormDialog>
  );
}
