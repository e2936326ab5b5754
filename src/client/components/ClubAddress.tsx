import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import type { ClubProfile } from '../../shared/clubProfile.ts';
import { useClubProfile } from '../publicContent.ts';

/** Name, address, phone and e-mail of the club as configured; what is not configured is left out. */
export function ClubAddress({ contacts = true }: { contacts?: boolean }) {
  const profile = useClubProfile().data;
  if (!profile) return <Skeleton variant="rectangular" height={80} width={240} aria-hidden />;
  return <AddressBlock profile={profile} contacts={contacts} />;
}

function AddressBlock({ profile, contacts }: { profile: ClubProfile; contacts: boolean }) {
  const place = [profile.postalCode, profile.city].filter(Boolean).join(' ');
  return (
    <Box component="address" sx={{ fontStyle: 'normal', mb: 2, lineHeight: 1.6 }}>
      <div>{profile.name}</div>
      {profile.street && <div>{profile.street}</div>}
      {place && <div>{place}</div>}
      {contacts && profile.phone && (
        <div>
          Telefon: <Link href={`tel:${profile.phone.replace(/[^\d+]/g, '')}`}>{profile.phone}</Link>
        </div>
      )}
      {contacts && profile.email && (
        <div>
          E-Mail: <Link href={`mailto:${profile.email}`}>{profile.email}</Link>
        </div>
      )}
    </Box>
  );
}
