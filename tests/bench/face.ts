import sharp from 'sharp';

/**
 * The club's face (issue 26.3) uploaded as a member would (POST /api/club/logo and
 * /api/club/picture), so the home page can be measured with a logo in its header and a
 * wide picture as its largest element. The picture is drawn to compress like a photo (a
 * scene with textures at three scales), not like a flat colour or pure noise: its WebP
 * files come out at about a photo's size. Returns the path of the file a phone loads.
 */
export async function uploadClubFace(baseUrl: string, adminUid: string, adminPassword: string): Promise<{ picturePath: string }> {
  const authorization = `Basic ${Buffer.from(`${adminUid}:${adminPassword}`).toString('base64')}`;
  const send = async (path: string, form: FormData) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization }, body: form });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as { data: { home: { sources: { url: string; width: number }[] } | null } };
  };

  const logo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="280" fill="#fff" stroke="#1b5e20" stroke-width="30"/>' +
        '<circle cx="300" cy="300" r="180" fill="none" stroke="#1b5e20" stroke-width="30"/><circle cx="300" cy="300" r="70" fill="#c62828"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const logoForm = new FormData();
  logoForm.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'wappen.png');
  await send('/api/club/logo', logoForm);

  const form = new FormData();
  form.append('alt', 'Das Schützenhaus zwischen Bäumen, davor die Wiese des Bogenplatzes');
  form.append('file', new Blob([new Uint8Array(await photoLikePicture())], { type: 'image/jpeg' }), 'schuetzenhaus.jpg');
  const saved = await send('/api/club/picture', form);
  const source = saved.data.home?.sources.find((candidate) => candidate.width === 720);
  if (!source) throw new Error('Titelbild hochladen: Die Antwort nennt keine Datei mit 720 Pixeln.');
  return { picturePath: new URL(source.url, baseUrl).pathname };
}

/** A 3000 × 2000 JPEG of a house between trees, with textures at three scales as a camera's photo has them. */
async function photoLikePicture(): Promise<Buffer> {
  const [width, height] = [3000, 2000];
  const trees = Array.from(
    { length: 60 },
    (_, i) => `<circle cx="${(i * 997) % width}" cy="${1100 + ((i * 331) % 500)}" r="${60 + ((i * 37) % 90)}" fill="hsl(${100 + (i % 40)},45%,${22 + (i % 20)}%)"/>`,
  ).join('');
  const scene =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    '<stop offset="0" stop-color="#5b8fd6"/><stop offset="1" stop-color="#d9e8f5"/></linearGradient></defs>' +
    `<rect width="${width}" height="${height}" fill="url(#sky)"/><path d="M0 1200 Q 750 900 1500 1150 T 3000 1050 V 2000 H 0 Z" fill="#5d8a3c"/>` +
    `<rect x="1100" y="900" width="800" height="420" fill="#a0643c"/><polygon points="1050,900 1500,650 1950,900" fill="#7a2e1e"/>${trees}</svg>`;
  const texture = async (scale: number, sigma: number) => {
    const small = await sharp({
      create: { width: width / scale, height: height / scale, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
    })
      .png()
      .toBuffer();
    return sharp(small).resize(width, height, { kernel: 'cubic' }).png().toBuffer();
  };
  const layers = await Promise.all([texture(4, 32), texture(2, 22), texture(1, 8)]);
  return sharp(Buffer.from(scene))
    .composite(layers.map((input) => ({ input, blend: 'soft-light' as const })))
    .jpeg({ quality: 85 })
    .toBuffer();
}
