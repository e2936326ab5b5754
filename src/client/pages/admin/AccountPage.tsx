import DevicesIcon from '@mui/icons-material/Devices';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EXTERNAL_LINK_DISCLAIMER } from '../../../shared/club.ts';
import { PROTECTED_USER_ID } from '../../../shared/permissions.ts';
import { accountUpdateInput, requiringCurrentPassword } from '../../../shared/schemas/users.ts';
import { hasPermission, mustSetUpSecondFactor, useSignedInUser } from '../../auth.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { SocialLinks } from '../../components/SocialLinks.tsx';
import { SaveButton } from '../../components/EditorCard.tsx';
import { useRecordForm } from '../../components/useSchemaForm.ts';
import { useClubProfile } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';
import { UserFields, userFormValues, userInput, type UserFormValues } from './users/UserFields.tsx';
import { AppPasswordsSection } from './account/AppPasswordsSection.tsx';
import { DataExportSection } from './account/DataExportSection.tsx';
import { DutiesSection } from './account/DutiesSection.tsx';
import { NewsMailSection } from './account/NewsMailSection.tsx';
import { SecondFactorSection } from './account/SecondFactorSection.tsx';
import { SignupsSection } from './account/SignupsSection.tsx';

/**
 * 'Auf allen Geräten abmelden': ends every other session of the member after a Ja; this
 * browser stays logged in.
 */
function LogoutEverywhere() {
  const [asking, setAsking] = useState(false);
  const logoutOthers = trpc.auth.logoutOthers.useMutation({
    meta: { errorPrefix: 'Fehler beim Abmelden auf allen Geräten' },
    onSettled: () => setAsking(false),
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="account-sessions-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 800 }}>
      <Typography id="account-sessions-heading" variant="h6" component="h2" gutterBottom>
        Anmeldungen
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Beendet deine Anmeldung auf allen anderen Geräten, z. B. wenn du dich an einem fremden Rechner nicht abgemeldet hast.
        Auf diesem Gerät bleibst du angemeldet.
      </Typography>
      <Button variant="outlined" startIcon={<DevicesIcon />} onClick={() => setAsking(true)}>
        Auf allen Geräten abmelden
      </Button>
      <ConfirmDialog
        open={asking}
        title="Auf allen Geräten abmelden?"
        text="Alle anderen Anmeldungen mit deiner Schützennummer werden beendet. Auf diesem Gerät bleibst du angemeldet."
        busy={logoutOthers.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => logoutOthers.mutate()}
      />
    </Paper>
  );
}

/**
 * Meine Daten (SPEC §2, §5 'My account'). A member whose group requires a second factor
 * they have not set up sees only its setup (README „Zweiter Faktor und App-Passwörter“).
 */
export function AccountPage() {
  const me = useSignedInUser();
  if (mustSetUpSecondFactor(me)) {
    return (
      <>
        <AdminPageTitle screen="account" />
        <Alert severity="warning" sx={{ maxWidth: 800 }}>
          Deine Gruppe verlangt einen zweiten Faktor. Richte ihn jetzt ein; danach erreichst du die übrige Verwaltung.
        </Alert>
        <SecondFactorSection />
      </>
    );
  }
  return <AccountDetails />;
}

/**
 * Every member edits their own data here; the groups only with users_update and
 * groups_view; a new password with the current one. Below, the member's duties and sign-ups, the
 * second factor, app passwords, 'Auf allen Geräten abmelden', 'Meine Daten herunterladen'
 * and the club's social channels.
 */
function AccountDetails() {
  const me = useSignedInUser();
  const utils = trpc.useUtils();
  const ref = String(me.id);
  // Starts with what the login already knows, then asks for the member's current record.
  const record = trpc.users.get.useQuery(
    { ref },
    { initialData: me, meta: { errorPrefix: 'Fehler beim Abrufen deiner Benutzerinformationen' } },
  );
  const user = record.data;

  // User 1's groups are protected (SPEC §4), also from themselves.
  const groupsEditable = hasPermission(me, 'users_update') && hasPermission(me, 'groups_view') && me.id !== PROTECTED_USER_ID;
  const groups = trpc.groups.list.useQuery(undefined, {
    enabled: groupsEditable,
    meta: { errorPrefix: 'Fehler beim Abrufen der verfügbaren Gruppen' },
  });

  // The browser is logged in with a session: a new password, shooter number or e-mail needs the current password.
  const stored = { uid: user.uid, email: user.email };
  const toInput = (values: UserFormValues) => userInput(values, groupsEditable, stored);
  const form = useRecordForm(requiringCurrentPassword(accountUpdateInput, stored), user, userFormValues, toInput);

  const save = trpc.account.update.useMutation(
    form.mutationOptions('Fehler beim Speichern', ({ data }) => {
      // The session stays; the menu and name follow the saved record at once.
      utils.users.get.setData({ ref }, data);
      // Its rights per section follow with the invalidation below.
      utils.auth.session.setData(undefined, (current) => current && { ...data, section_rights: current.section_rights });
      void utils.auth.session.invalidate();
      void utils.users.list.invalidate();
      form.reset(userFormValues(data));
    }),
  );

  // The form's own values, not the schema's output: the server parses them the same way.
  const submit = form.onSubmit((_parsed, values) => save.mutate(toInput(values)));

  // Only the channels the club configured; without any, the heading would announce nothing.
  const hasSocialLinks = (useClubProfile().data?.social.length ?? 0) > 0;

  let groupsHint: string | undefined;
  if (me.id === PROTECTED_USER_ID) groupsHint = 'Deine Gruppen sind geschützt und können nicht geändert werden.';
  else if (!groupsEditable) groupsHint = 'Deine Gruppen kann nur ändern, wer Benutzer bearbeiten und Gruppen ansehen darf.';

  return (
    <>
      <AdminPageTitle screen="account" />
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} aria-label="Meine Daten" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 800 }}>
        <UserFields
          form={form}
          passwordRequired={false}
          own={stored}
          groupsEditable={groupsEditable}
          groupOptions={groups.data ?? []}
          currentGroups={user.groups}
          groupsHint={groupsHint}
          groupsLoading={groups.isLoading}
          disabled={save.isPending}
        />
        <SaveButton saving={save.isPending} spacing={2} />
      </Paper>
      <DutiesSection />
      <SignupsSection />
      <NewsMailSection />
      <SecondFactorSection />
      <AppPasswordsSection />
      <LogoutEverywhere />
      <DataExportSection />
      {hasSocialLinks && (
        <Box component="section" aria-labelledby="account-social-heading" sx={{ mt: 4 }}>
          <Typography id="account-social-heading" variant="h6" component="h2" gutterBottom>
            Der Verein in den sozialen Medien
          </Typography>
          <SocialLinks wrapLink={(link) => <Tooltip title={EXTERNAL_LINK_DISCLAIMER}>{link}</Tooltip>} />
        </Box>
      )}
    </>
  );
}
