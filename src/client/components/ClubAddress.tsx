import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { telHref, type ClubProfile } from '../../shared/clubProfile.ts';
import { useClubProfile } from '../publicContent.ts';

export interface ClubAddressProps {
  /** The postal address, the phone and e-mail, or both. */
  show?: 'address' | 'contacts' | 'all';
}

/** Name, address, phone and e-mail of the club as configured; what is not configured is left out. */
export function ClubAddress({ show = 'all' }: ClubAddressProps) {
  const profile = useClubProfile().data;
  if (!profile) return <Skeleton variant="rectangular" height={80} width={240} aria-hidden />;
  return <AddressBlock profile={profile} show={show} />;
}

function AddressBlock({ profile, show }: { profile: ClubProfile; show: NonNullable<ClubAddressProps['show']> }) {
  const address = show !== 'contacts';
  const contacts = show !== 'address';
  const place = [profile.postalCode, profile.city].filter(Boolean).join(' ');
  if (!address && !profile.phone && !profile.email) return null;
  return (
    <Box component="address" sx={{ fontStyle: 'normal', mb: 2, lineHeight: 1.6 }}>
      {address && <div>{profile.name}</div>}
      {address && profile.street && <div>{profile.street}</div>}
      {address && place && <div>{place}</div>}
      {contacts && profile.phone && (
        <div>
          Telefon: <Link href={telHref(profile.phone)}>{profile.phone}</Link>
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
