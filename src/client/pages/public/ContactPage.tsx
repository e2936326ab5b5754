import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { ClubAddress } from '../../components/ClubAddress.tsx';
import { SectionAlert } from '../../components/InfoText.tsx';
import { onDemand } from '../../components/onDemand.ts';
import { formatAddress, hasAddress, telHref, type ClubProfile } from '../../../shared/clubProfile.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { SocialLinks } from '../../components/SocialLinks.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { useClubProfile } from '../../publicContent.ts';
import { ClubMaps } from './contact/ClubMaps.tsx';

/**
 * The form with its fields, dialog and validation (zod) is most of the page's weight, but
 * only those who write need it.
 */
const contactDialog = onDemand(async () => (await import('./contact/ContactDialog.tsx')).ContactDialog);

/**
 * Without any recipient that has an address (panel 'Vereinsdaten') there is no form: the
 * server would refuse every message. The club's address and phone say how to reach it instead.
 */
function NoContactForm({ profile }: { profile: ClubProfile }) {
  const address = hasAddress(profile) ? formatAddress(profile) : '';
  return (
    <Box sx={{ maxWidth: 480 }}>
      <Typography sx={{ mb: 2 }}>Über das Kontaktformular können derzeit noch keine Nachrichten gesendet werden.</Typography>
      {(address || profile.phone) && (
        <Typography>
          {address && <>Du erreichst uns unter der Anschrift {profile.name}, {address}</>}
          {address && profile.phone && <> oder telefonisch unter </>}
          {!address && profile.phone && <>Du erreichst uns telefonisch unter </>}
          {profile.phone && <Link href={telHref(profile.phone)}>{profile.phone}</Link>}.
        </Typography>
      )}
    </Box>
  );
}

/**
 * Contact (SPEC §2): the contact notice when switched on, the club's address and social
 * links from its profile, the mail dialog, and the maps once the visitor agreed to them.
 */
export function ContactPage() {
  const dialog = useDialogState<null>();
  // Stays true after the first opening, so that the dialog can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const profile = useClubProfile().data;
  return (
    <>
      <PageTitle>Kontakt</PageTitle>
      {profile && (
        <PageHead
          description={[`So erreichst du den ${profile.name}`, hasAddress(profile) ? formatAddress(profile) : '', profile.phone ? `Telefon ${profile.phone}` : '']
            .filter(Boolean)
            .join(' – ')
            .concat(': Anschrift, Kontaktformular und Anfahrt.')}
        />
      )}
      <SectionAlert identifier="contact" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'flex-start', mb: 4 }}>
        <Box>
          <ClubAddress />
          <SocialLinks />
        </Box>
        {profile && profile.contactRecipients.length === 0 ? (
          <NoContactForm profile={profile} />
        ) : (
          <Box sx={{ maxWidth: 480 }}>
            <Typography sx={{ mb: 2 }}>
              Du hast eine Frage zum Verein, zum Training oder zum Bogenparcours? Schreib uns – wir leiten deine Nachricht an
              die zuständige Stelle weiter.
            </Typography>
            <Button
              variant="contained"
              startIcon={<EmailOutlinedIcon />}
              disabled={!profile}
              onPointerEnter={contactDialog.preload}
              onFocus={contactDialog.preload}
              onClick={() => {
                setWanted(true);
                dialog.show(null);
              }}
            >
              Nachricht schreiben
            </Button>
          </Box>
        )}
      </Box>
      <Typography variant="h5" component="h2" gutterBottom>
        So findest du uns
      </Typography>
      {profile ? <ClubMaps profile={profile} /> : <Skeleton variant="rectangular" height={120} aria-hidden />}
      {wanted && (
        <Suspense fallback={null}>
          <contactDialog.Component key={dialog.key} open={dialog.open} onClose={dialog.close} recipients={profile?.contactRecipients ?? []} />
        </Suspense>
      )}
    </>
  );
}
