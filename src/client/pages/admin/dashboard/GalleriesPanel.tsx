import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { EMPTY_TABLE_TEXT, type Section } from '../../../../shared/constants.ts';
import {
  albumCreateInput,
  imageTitle,
  type AlbumView,
  type FailedImage,
  type ImageView,
} from '../../../../shared/schemas/galleries.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { FileDropZone } from '../../../components/FileDropZone.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { ALBUMS_ERROR_PREFIX, GALLERY_TABS } from '../../../galleries.ts';
import { trpc } from '../../../trpc.ts';
import type { DashboardPermissions } from '../DashboardPage.tsx';
import { PanelStatus } from './PanelStatus.tsx';
import { SectionNote, useSectionPermissions } from './sectionPermissions.tsx';

/** What the file chooser offers; the server decides by the content (HEIC where it can read it). */
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,.heic,.heif';

interface UploadAnswer {
  message: string;
  data: ImageView[];
  failed: FailedImage[];
}

/** Every list of albums and images, public ones included: the member sees at once what visitors see. */
function useRefreshGalleries() {
  const utils = trpc.useUtils();
  return () => void utils.galleries.invalidate();
}

function AlbumDialog({ open, album, section, onClose }: { open: boolean; album: AlbumView | null; section: Section; onClose: () => void }) {
  const refresh = useRefreshGalleries();
  const form = useSchemaForm(albumCreateInput, () => ({ name: album?.name ?? '', section: album?.section ?? section }));
  const saved = () => {
    refresh();
    onClose();
  };
  const create = trpc.galleries.createAlbum.useMutation(form.mutationOptions('Fehler beim Anlegen des Albums', saved));
  const update = trpc.galleries.updateAlbum.useMutation(form.mutationOptions('Fehler beim Bearbeiten des Albums', saved));
  const submit = form.onSubmit((input) => (album ? update.mutate({ id: album.id, name: input.name }) : create.mutate(input)));
  return (
    <FormDialog open={open} title={album ? 'Album umbenennen' : 'Album anlegen'} busy={create.isPending || update.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
      <TextField
        label="Name"
        {...textFieldProps(form, 'name')}
        required
        fullWidth
        autoFocus
        margin="dense"
      />
    </FormDialog>
  );
}

/** The title of an image, saved when the field is left or Enter is pressed, if it changed. */
function ImageTitleField({ image, canUpdate }: { image: ImageView; canUpdate: boolean }) {
  const refresh = useRefreshGalleries();
  const [value, setValue] = useState(image.title);
  const [serverError, setServerError] = useState<string | undefined>();
  const save = trpc.galleries.updateImage.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern des Bildtitels' },
    onSuccess: ({ data }) => {
      setValue(data.title);
      refresh();
    },
    onError: (error) => setServerError(error.message),
  });
  const parsed = imageTitle.safeParse(value);
  const error = parsed.success ? serverError : parsed.error.issues[0]?.message;
  const commit = () => {
    if (!canUpdate || !parsed.success || parsed.data === image.title || save.isPending) return;
    save.mutate({ id: image.id, title: parsed.data });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };
  return (
    <TextField
      label="Titel"
      size="small"
      fullWidth
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        setServerError(undefined);
      }}
      onBlur={commit}
      onKeyDown={onKeyDown}
      error={error !== undefined}
      helperText={error}
      disabled={save.isPending}
      slotProps={{ htmlInput: { readOnly: !canUpdate, 'aria-label': `Titel von ${image.name}` } }}
    />
  );
}

function AlbumImages({ album, permissions }: { album: AlbumView; permissions: DashboardPermissions }) {
  const { canCreate, canUpdate, canDelete } = permissions;
  const refresh = useRefreshGalleries();
  const snackbar = useSnackbar();
  const images = trpc.galleries.images.useQuery({ album_id: album.id }, { meta: { errorPrefix: ALBUMS_ERROR_PREFIX } });
  const confirm = useDialogState<ImageView>();
  const upload = useUpload<UploadAnswer>({
    errorPrefix: 'Fehler beim Hochladen der Bilder',
    onSuccess: (answer) => {
      refresh();
      // The success message says how many were stored; which were not, and why, follows it.
      if (answer.failed.length > 0) {
        const reasons = answer.failed.map((file) => `${file.name}: ${file.message}`).join('; ');
        snackbar.show('warning', `${answer.message}. Nicht gespeichert: ${reasons}`);
      }
    },
  });
  const remove = trpc.galleries.deleteImage.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Bildes' },
    onSuccess: () => {
      refresh();
      confirm.close();
    },
  });

  const send = (files: File[]) => {
    if (files.length === 0) return;
    const form = new FormData();
    form.append('section', album.section);
    form.append('album_id', String(album.id));
    for (const file of files) form.append('files[]', file, file.name);
    void upload.start('/api/images', form, files.length === 1 ? 'Bild wird hochgeladen' : `${files.length} Bilder werden hochgeladen`);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <FileDropZone
        onFiles={send}
        accept={IMAGE_ACCEPT}
        multiple
        disabled={!canCreate || upload.busy}
        buttonLabel="Bilder auswählen"
        hint="Bilder hierher ziehen oder"
        label={`Bilder zum Album ${album.name} hochladen`}
      />
      {!images.data ? (
        <PanelStatus query={images} />
      ) : images.data.length === 0 ? (
        <Typography sx={{ mt: 2 }}>{EMPTY_TABLE_TEXT}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
          {images.data.map((image) => (
            <Box component="li" key={image.id} sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
              <Box
                component="img"
                src={image.thumbnail_url}
                alt={image.title || image.name}
                width={image.width}
                height={image.height}
                loading="lazy"
                sx={{ width: '100%', height: 140, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.200' }}
              />
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
                <ImageTitleField image={image} canUpdate={canUpdate} />
                <Tooltip title="Bild löschen">
                  <span>
                    <IconButton aria-label={`Bild ${image.name} löschen`} onClick={() => confirm.show(image)} disabled={!canDelete}>
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {upload.dialog}
      <DeleteDialog
        state={confirm}
        title="Bild löschen?"
        describe={(image) => <>Soll das Bild „{image.title || image.name}“ wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(image) => remove.mutate({ id: image.id })}
      />
    </Box>
  );
}

function AlbumCard({
  album,
  permissions,
  onRename,
  onDelete,
}: {
  album: AlbumView;
  permissions: DashboardPermissions;
  onRename: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const imagesId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {/*
          A basis of its own: where the title and the buttons do not fit one line (a phone),
          the title takes a line to itself and wraps between words, not after every few
          letters (issue 28.5); only a word wider than the line breaks.
        */}
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'break-word' }}>
          {album.name}
        </Typography>
        <Button onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls={imagesId}>
          {open ? 'Bilder ausblenden' : 'Bilder anzeigen'}
        </Button>
        <Tooltip title="Album umbenennen">
          <span>
            <IconButton aria-label={`Album ${album.name} umbenennen`} onClick={onRename} disabled={!permissions.canUpdate}>
              <EditIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Album löschen">
          <span>
            <IconButton aria-label={`Album ${album.name} löschen`} onClick={onDelete} disabled={!permissions.canDelete}>
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box id={imagesId} hidden={!open}>
        {open && <AlbumImages album={album} permissions={permissions} />}
      </Box>
    </Paper>
  );
}

function SectionAlbums({ section, permissions: held }: { section: Section; permissions: DashboardPermissions }) {
  // Rights per section (issue 28.1): another section's albums are read-only, the note and the button say why.
  const { denial, ...permissions } = useSectionPermissions(held, section);
  const refresh = useRefreshGalleries();
  const albums = trpc.galleries.albums.useQuery({ section }, { meta: { errorPrefix: ALBUMS_ERROR_PREFIX } });
  const edit = useDialogState<AlbumView>();
  const confirm = useDialogState<AlbumView>();
  const remove = trpc.galleries.deleteAlbum.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Albums' },
    onSuccess: () => {
      refresh();
      confirm.close();
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <SectionNote denial={denial} />
        <Tooltip title={denial ?? ''}>
          <span>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => edit.show(null)} disabled={!permissions.canCreate}>
              Album anlegen
            </Button>
          </span>
        </Tooltip>
      </Box>
      {!albums.data ? (
        <PanelStatus query={albums} />
      ) : albums.data.length === 0 ? (
        <Typography>{EMPTY_TABLE_TEXT}</Typography>
      ) : (
        albums.data.map((album) => (
          <AlbumCard key={album.id} album={album} permissions={permissions} onRename={() => edit.show(album)} onDelete={() => confirm.show(album)} />
        ))
      )}
      <AlbumDialog key={edit.key} open={edit.open} album={edit.item} section={section} onClose={edit.close} />
      <DeleteDialog
        state={confirm}
        title="Album löschen?"
        describe={(album) => <>Soll das Album „{album.name}“ mit allen seinen Bildern wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(album) => remove.mutate({ id: album.id })}
      />
    </Box>
  );
}

/** Panel 'Galerien' (SPEC §2): albums per section; add, rename, delete; upload, title and delete images. */
export function GalleriesPanel(permissions: DashboardPermissions) {
  const [section, setSection] = useState<Section>('club');
  return (
    <Box>
      <Tabs value={section} onChange={(_event, value: Section) => setSection(value)} aria-label="Sparten der Galerien" variant="scrollable" sx={{ mb: 2 }}>
        {GALLERY_TABS.map((tab) => (
          <Tab key={tab.section} value={tab.section} label={tab.label} id={`gallery-admin-tab-${tab.section}`} aria-controls="gallery-admin-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="gallery-admin-panel" aria-labelledby={`gallery-admin-tab-${section}`}>
        <SectionAlbums key={section} section={section} permissions={permissions} />
      </Box>
    </Box>
  );
}
