import sharp from 'sharp';

/**
 * One gallery image uploaded as a member would (album, then POST /api/images), so the
 * public album and image lists are not empty and a real thumbnail can be measured.
 * Returns the thumbnail's path (e.g. /files/…webp) and the album's page.
 */
export async function uploadGalleryImage(baseUrl: string, adminUid: string, adminPassword: string): Promise<{ thumbnailPath: string; albumPath: string }> {
  const authorization = `Basic ${Buffer.from(`${adminUid}:${adminPassword}`).toString('base64')}`;
  const albumResponse = await fetch(`${baseUrl}/api/albums`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Vereinsmeisterschaft', section: 'club' }),
  });
  if (albumResponse.status !== 201) throw new Error(`Album anlegen: ${albumResponse.status} ${(await albumResponse.text()).slice(0, 200)}`);
  const albumId = ((await albumResponse.json()) as { data: { id: number } }).data.id;

  // Some noise, so the thumbnail has a photo's detail and size rather than a flat colour's.
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#58a', noise: { type: 'gaussian', mean: 110, sigma: 12 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('section', 'club');
  form.append('album_id', String(albumId));
  form.append('files[]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'siegerehrung.jpg');
  const response = await fetch(`${baseUrl}/api/images`, { method: 'POST', headers: { authorization }, body: form });
  if (response.status !== 201) throw new Error(`Bild hochladen: ${response.status} ${(await response.text()).slice(0, 200)}`);
  const thumbnail = ((await response.json()) as { data?: { thumbnail_url?: string }[] }).data?.[0]?.thumbnail_url;
  if (!thumbnail) throw new Error('Bild hochladen: Die Antwort nennt kein Vorschaubild.');
  return { thumbnailPath: new URL(thumbnail, baseUrl).pathname, albumPath: `/galerien/verein?album=${albumId}` };
}
