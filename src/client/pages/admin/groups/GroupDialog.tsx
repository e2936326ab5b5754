import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { actionsOf, PERMISSION_AREAS, type PermissionAction, type PermissionArea } from '../../../../shared/permissions.ts';
import { CONTACT_RECIPIENTS, SECTION_LABELS, SECTIONS, type ContactRecipient, type Section } from '../../../../shared/constants.ts';
import { CONTACT_RECIPIENT_LABELS } from '../../../../shared/schemas/contact.ts';
import { groupCreateInput } from '../../../../shared/schemas/groups.ts';
import { useSignedInUser } from '../../../auth.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import { ACTION_LABELS, ACTION_ORDER, AREA_LABELS, permissionLabel, permissionName } from './permissionLabels.ts';

export type GroupRecord = RouterOutputs['groups']['list'][number];
type Permission = RouterOutputs['permissions']['list'][number];

interface GroupFormValues {
  name: string;
  /** Permission ids. */
  permissions: number[];
  /** 'Zweiter Faktor erforderlich': members must set up the second factor first. */
  require_second_factor: boolean;
  /** 'Als Sparte öffentlich anzeigen': visitors see the name as the section of its appointments. */
  public_section: boolean;
  /** 'Nachrichten nur an': the contact recipients whose messages the members read; empty: all. */
  message_recipients: ContactRecipient[];
  /** 'Nur für Sparten': the sections its content permissions are limited to; empty: all. */
  sections: Section[];
}

export interface GroupDialogProps {
  open: boolean;
  /** null: a new group. */
  group: GroupRecord | null;
  /** All permissions; undefined while they load or when loading failed. */
  permissions: readonly Permission[] | undefined;
  /** Loading the permissions failed (the snackbar said why). */
  permissionsFailed?: boolean;
  onClose: () => void;
}

/**
 * Create or edit a group (SPEC §2, §5): its name and a grid of permissions, one row per
 * area and one checkbox per action. The parent remounts it (key) for every opening, so
 * the form starts fresh while the closing dialog keeps its content until it is gone.
 */
export function GroupDialog({ open, group, permissions, permissionsFailed = false, onClose }: GroupDialogProps) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(groupCreateInput, (): GroupFormValues => ({
    name: group?.name ?? '',
    permissions: group?.permissions.map((permission) => permission.id) ?? [],
    require_second_factor: group?.require_second_factor ?? false,
    public_section: group?.public_section ?? false,
    message_recipients: group?.message_recipients ?? [],
    sections: group?.sections ?? [],
  }));

  const idsByName = useMemo(() => new Map(permissions?.map((permission) => [permission.name, permission.id])), [permissions]);
  // The server's rule (groups/grants.ts): the switch of an existing group is changed only by
  // whoever holds every permission the group has; a new group's are the creator's own anyway.
  const me = useSignedInUser();
  const held = new Set<string>(me.permissions);
  const secondFactorLocked = group !== null && group.permissions.some((permission) => !held.has(permission.name));
  // Whether visitors see a group as a section is a change of groups (groups_update), also for a new one.
  const sectionLocked = !held.has('groups_update');
  const selected = new Set(form.values.permissions);

  const saved = () => {
    // Members' records carry their groups' permissions, the own one included.
    void utils.groups.list.invalidate();
    // The back office's months show the group's name, /termine the section's.
    void utils.calendar.invalidate();
    void utils.users.list.invalidate();
    void utils.auth.session.invalidate();
    onClose();
  };
  const create = trpc.groups.create.useMutation(form.mutationOptions('Fehler beim Anlegen der Gruppe', saved));
  const update = trpc.groups.update.useMutation(form.mutationOptions('Fehler beim Bearbeiten der Gruppe', saved));
  const busy = create.isPending || update.isPending;

  const toggle = (id: number, checked: boolean) => {
    const next = new Set(form.values.permissions);
    if (checked) next.add(id);
    else next.delete(id);
    form.setField('permissions', [...next].sort((a, b) => a - b));
  };

  const toggleRecipient = (recipient: ContactRecipient, checked: boolean) => {
    const chosen = new Set(form.values.message_recipients);
    if (checked) chosen.add(recipient);
    else chosen.delete(recipient);
    form.setField('message_recipients', CONTACT_RECIPIENTS.filter((each) => chosen.has(each)));
  };

  const toggleSection = (section: Section, checked: boolean) => {
    const chosen = new Set(form.values.sections);
    if (checked) chosen.add(section);
    else chosen.delete(section);
    form.setField('sections', SECTIONS.filter((each) => chosen.has(each)));
  };

  const submit = form.onSubmit((input) => (group ? update.mutate({ id: group.id, ...input }) : create.mutate(input)));

  const permissionsError = form.errorOf('permissions');
  return (
    <FormDialog open={open} title={group ? 'Gruppe bearbeiten' : 'Gruppe anlegen'} busy={busy} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
      <TextField
        label="Name"
        {...textFieldProps(form, 'name')}
        required
        fullWidth
        autoFocus
        margin="dense"
      />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        Berechtigungen
      </Typography>
      {permissions === undefined ? (
        permissionsFailed ? (
          <Alert severity="error">Die Berechtigungen konnten nicht geladen werden.</Alert>
        ) : (
          <Alert severity="info">Die Berechtigungen werden geladen …</Alert>
        )
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Berechtigungen">
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: 0, pr: 1 }}>Bereich</TableCell>
                {ACTION_ORDER.map((action) => (
                  <TableCell key={action} align="center" sx={{ px: 0.25, typography: 'caption' }}>
                    {ACTION_LABELS[action]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {PERMISSION_AREAS.map((area) => (
                <TableRow key={area}>
                  <TableCell component="th" scope="row" sx={{ pl: 0, pr: 1 }}>
                    {AREA_LABELS[area]}
                  </TableCell>
                  {ACTION_ORDER.map((action) =>
                    // An area without this action (Nachrichten has no Anlegen or Löschen) leaves its cell empty.
                    !actionsOf(area).includes(action) ? (
                      <TableCell key={action} padding="none" />
                    ) : (
                      <PermissionCell
                        key={action}
                        area={area}
                        action={action}
                        id={idsByName.get(permissionName(area, action))}
                        selected={selected}
                        disabled={busy}
                        onToggle={toggle}
                      />
                    ),
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {permissionsError && <FormHelperText error>{permissionsError}</FormHelperText>}
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Checkbox
            checked={form.values.require_second_factor}
            disabled={busy || secondFactorLocked}
            onChange={(event) => form.setField('require_second_factor', event.target.checked)}
          />
        }
        label="Zweiter Faktor erforderlich"
      />
      <FormHelperText sx={{ mt: 0 }}>
        Mitglieder dieser Gruppe müssen bei ihrer nächsten Anmeldung einen zweiten Faktor (Code einer Authenticator-App) einrichten, bevor sie
        etwas anderes erreichen.
        {secondFactorLocked && ' Ändern kann diese Einstellung nur, wer alle Berechtigungen der Gruppe selbst besitzt.'}
      </FormHelperText>
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Checkbox
            checked={form.values.public_section}
            disabled={busy || sectionLocked}
            onChange={(event) => form.setField('public_section', event.target.checked)}
          />
        }
        label="Als Sparte öffentlich anzeigen"
      />
      <FormHelperText sx={{ mt: 0 }}>
        Besucher sehen den Namen der Gruppe auf „Termine“ und im Kalender-Abo als Sparte ihrer Termine, können nach ihr filtern und ihre
        Termine eigens abonnieren. Ohne diesen Haken bleibt der Name intern.
        {sectionLocked && ' Ändern kann diese Einstellung nur, wer Gruppen bearbeiten darf.'}
      </FormHelperText>
      <FormControl component="fieldset" sx={{ mt: 2, display: 'block' }} disabled={busy}>
        <FormLabel component="legend">Nachrichten nur an</FormLabel>
        <FormGroup row>
          {CONTACT_RECIPIENTS.map((recipient) => (
            <FormControlLabel
              key={recipient}
              control={
                <Checkbox
                  checked={form.values.message_recipients.includes(recipient)}
                  onChange={(event) => toggleRecipient(recipient, event.target.checked)}
                />
              }
              label={CONTACT_RECIPIENT_LABELS[recipient]}
            />
          ))}
        </FormGroup>
        <FormHelperText sx={{ mt: 0 }}>
          Mitglieder dieser Gruppe lesen und bearbeiten unter „Nachrichten“ nur, was Besucher über das Kontaktformular an die angehakten
          Adressaten geschrieben haben. Ohne Haken gilt die Berechtigung für alle Adressaten.
        </FormHelperText>
      </FormControl>
      <FormControl component="fieldset" sx={{ mt: 2, display: 'block' }} disabled={busy}>
        <FormLabel component="legend">Nur für Sparten</FormLabel>
        <FormGroup row>
          {SECTIONS.map((section) => (
            <FormControlLabel
              key={section}
              control={<Checkbox checked={form.values.sections.includes(section)} onChange={(event) => toggleSection(section, event.target.checked)} />}
              label={SECTION_LABELS[section]}
            />
          ))}
        </FormGroup>
        <FormHelperText sx={{ mt: 0 }}>
          Mitglieder dieser Gruppe ändern mit den Berechtigungen für Dashboard und Kalender nur die Inhalte der angehakten Sparten
          (Galerien, Ergebnisse, Hinweise, Schießzeiten, Texte und Termine der Sparte). Ohne Haken gelten sie für alle Sparten. Weiter
          fassen kann die Sparten nur, wer diese Rechte selbst für alle angehakten Sparten hat.
        </FormHelperText>
      </FormControl>
    </FormDialog>
  );
}

interface PermissionCellProps {
  area: PermissionArea;
  action: PermissionAction;
  /** undefined: the server knows no such permission (then nothing can be chosen). */
  id: number | undefined;
  selected: ReadonlySet<number>;
  disabled: boolean;
  onToggle: (id: number, checked: boolean) => void;
}

function PermissionCell({ area, action, id, selected, disabled, onToggle }: PermissionCellProps) {
  return (
    <TableCell align="center" padding="none">
      <Checkbox
        checked={id !== undefined && selected.has(id)}
        disabled={disabled || id === undefined}
        onChange={(event) => {
          if (id !== undefined) onToggle(id, event.target.checked);
        }}
        slotProps={{ input: { 'aria-label': permissionLabel(area, action) } }}
      />
    </TableCell>
  );
}
