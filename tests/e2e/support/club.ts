/**
 * The club profile (DESIGN §8) the e2e site runs with: invented but complete, so that every
 * page shows what a configured club shows. Written to the site's temporary folder.
 */
export const E2E_CLUB_PROFILE = {
  name: 'Schützenverein Musterstadt',
  street: 'Am Schießstand 1',
  postalCode: '12345',
  city: 'Musterstadt',
  phone: '01234 56789',
  email: 'info@example.org',
  social: [
    { kind: 'facebook', url: 'https://www.facebook.com/example' },
    { kind: 'instagram', url: 'https://www.instagram.com/example/' },
  ],
  course: {
    lat: 50.55,
    lon: 9.7,
    parking: { street: 'Waldweg 3', postalCode: '12345', city: 'Musterstadt' },
  },
  clubHouse: { lat: 50.5521, lon: 9.6812 },
  range: { lat: 50.5533, lon: 9.6831 },
} as const;
