import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { NewsPicture } from '../../../../shared/news.ts';
import { trpc } from '../../../trpc.ts';

export interface CoverPickerProps {
  cover: NewsPicture | null;
  onChange: (cover: NewsPicture | null) => void;
  uploadPicture: (file: File) => Promise<NewsPicture | undefined>;
  albums: readonly { id: number; name: string }[];
  disabled: boolean;
  error?: string | undefined;
}

/** The cover picture: uploaded, or one of a gallery album's pictures (copied for the article), or none. */
export function CoverPicker({ cover, onChange, uploadPicture, albums, disabled, error }: CoverPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [albumId, setAlbumId] = useState<number | ''>('');
  const [choosing, setChoosing] = useState(false);
  const pictures = trpc.news.galleryPictures.useQuery(albumId === '' ? undefined : { album_id: albumId }, {
    enabled: choosing && albumId !== '',
    meta: { errorPrefix: 'Fehler beim Abrufen der Galeriebilder' },
  });
  const fromGallery = trpc.news.pictureFromGallery.useMutation({
    meta: { errorPrefix: 'Fehler beim Übernehmen des Bildes' },
    onSuccess: (result) => {
      onChange(result.data);
      setChoosing(false);
    },
  });
  const busy = disabled || fromGallery.isPending;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Titelbild
      </Typography>
      {cover ? (
        <Box component="img" src={cover.thumbnailUrl} alt="Gewähltes Titelbild" sx={{ display: 'block', maxWidth: 240, width: '100%', height: 'auto', borderRadius: 1, mb: 1 }} />
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Kein Titelbild gewählt.
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => fileInput.current?.click()}>
          Titelbild hochladen
        </Button>
        <Button variant="outlined" size="small" disabled={busy || albums.length === 0} onClick={() => setChoosing((open) => !open)}>
          Aus Galerie wählen
        </Button>
        {cover && (
          <Button size="small" disabled={busy} onClick={() => onChange(null)}>
            Titelbild entfernen
          </Button>
        )}
      </Box>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        aria-label="Titelbild"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void uploadPicture(file).then((picture) => picture && onChange(picture));
        }}
      />
      {choosing && (
        <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
          <FormControl size="small" sx={{ maxWidth: 320 }}>
            <InputLabel id="cover-album-label">Album</InputLabel>
            <Select labelId="cover-album-label" label="Album" value={albumId} onChange={(event) => setAlbumId(Number(event.target.value))}>
              {albums.map((album) => (
                <MenuItem key={album.id} value={album.id}>
                  {album.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {pictures.data && pictures.data.length === 0 && <Typography variant="body2">Dieses Album hat keine Bilder.</Typography>}
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
            {(pictures.data ?? []).map((picture) => (
              <ButtonBase
                key={picture.id}
                aria-label={`Als Titelbild: ${picture.title || picture.name}`}
                disabled={busy}
                onClick={() => fromGallery.mutate({ imageId: picture.id })}
                sx={{ borderRadius: 1, overflow: 'hidden' }}
              >
                <Box component="img" src={picture.thumbnail_url} alt="" sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }} />
              </ButtonBase>
            ))}
          </Box>
        </Box>
      )}
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Box>
  );
}
