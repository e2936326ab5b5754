import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { z } from 'zod';
import { sponsorFieldsInput, UPLOAD_MESSAGES } from '../../../../shared/schemas/files.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import { FileDropZone } from '../../../components/FileDropZone.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import type { DashboardPermissions } from '../DashboardPage.tsx';

type Sponsor = RouterOutputs['sponsors']['list'][number];

/** What the chooser offers; the server accepts exactly these raster formats (SVG could carry scripts). */
const LOGO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

interface SponsorDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The fields as the server checks them, and a chosen logo (the server's own check needs the upload). */
const sponsorDialogInput = sponsorFieldsInput.extend({ logo: z.custom<File>((value) => value instanceof File, UPLOAD_MESSAGES.missingLogo) });

/** Add a sponsor (SPEC §5 'Sponsor'): name, optional web address and a logo, sent as one multipart request. */
function SponsorDialog({ open, onClose, onSaved }: SponsorDialogProps) {
  const form = useSchemaForm(sponsorDialogInput, { name: '', url: '', logo: null as File | null });
  const logo = form.values.logo;
  const logoError = form.errorOf('logo');

  const upload = useUpload({
    errorPrefix: 'Fehler beim Speichern des Sponsors',
    onSuccess: () => {
      onSaved();
      onClose();
    },
    onError: form.showServerErrors,
  });

  const submit = form.onSubmit((fields) => {
    const body = new FormData();
    body.append('name', fields.name);
    body.append('url', fields.url);
    body.append('logo', fields.logo);
    void upload.start('/api/sponsors', body, 'Logo wird hochgeladen');
  });

  return (
    <>
      <FormDialog open={open} title="Sponsor hinzufügen" busy={upload.busy} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            label="Name"
            required
            autoFocus
            {...textFieldProps(form, 'name')}
            disabled={upload.busy}
          />
          <TextField
            label="Internetadresse"
            type="url"
            {...textFieldProps(form, 'url')}
            helperText={form.errorOf('url') ?? 'Optional; beginnt mit http:// oder https://'}
            disabled={upload.busy}
          />
          <Box>
            <Typography component="h3" variant="subtitle2" gutterBottom>
              Logo *
            </Typography>
            <FileDropZone
              accept={LOGO_TYPES}
              buttonLabel="Logo auswählen"
              label="Logo"
              hint="Bild (PNG, JPEG, WebP, GIF) hierher ziehen oder"
              disabled={upload.busy}
              onFiles={([file]) => form.setField('logo', file ?? null)}
            />
            {logo && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Gewählt: {logo.name}
              </Typography>
            )}
            {logoError && <FormHelperText error>{logoError}</FormHelperText>}
          </Box>
        </Box>
      </FormDialog>
      {upload.dialog}
    </>
  );
}

/** Panel 'Sponsoren' (SPEC §2): the sponsors, an add dialog (dashboard_create), delete after Ja/Nein (dashboard_delete). */
export function SponsorsPanel({ canCreate, canDelete }: DashboardPermissions) {
  const utils = trpc.useUtils();
  const sponsors = trpc.sponsors.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Sponsoren' } });
  const changed = () => {
    void utils.sponsors.list.invalidate();
    void utils.sponsors.publicList.invalidate();
  };

  const adding = useDialogState<null>();
  const deletion = useDialogState<Sponsor>();
  const remove = trpc.sponsors.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Sponsors' },
    onSuccess: changed,
    onSettled: deletion.close,
  });

  const columns = useMemo<DataTableColumn<Sponsor>[]>(
    () => [
      {
        id: 'logo',
        header: 'Logo',
        render: (sponsor) => <Box component="img" src={sponsor.image} alt={sponsor.name} sx={{ display: 'block', maxHeight: 40, maxWidth: 120, objectFit: 'contain' }} />,
      },
      { id: 'name', header: 'Name', searchText: (sponsor) => sponsor.name, render: (sponsor) => sponsor.name },
      {
        id: 'url',
        header: 'Internetadresse',
        searchText: (sponsor) => sponsor.url,
        render: (sponsor) =>
          sponsor.url && (
            <Link href={sponsor.url} target="_blank" rel="noopener noreferrer">
              {sponsor.url}
            </Link>
          ),
      },
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        render: (sponsor) => <RowActions canDelete={canDelete} onDelete={() => deletion.show(sponsor)} />,
      },
    ],
    [canDelete, deletion],
  );

  return (
    <>
      <DataTable
        label="Sponsoren"
        rows={sponsors.data ?? []}
        columns={columns}
        rowKey={(sponsor) => sponsor.id}
        loading={sponsors.isFetching}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} disabled={!canCreate} onClick={() => adding.show(null)}>
            Sponsor hinzufügen
          </Button>
        }
      />
      <SponsorDialog key={adding.key} open={adding.open} onClose={adding.close} onSaved={changed} />
      <DeleteDialog
        state={deletion}
        title="Sponsor löschen?"
        describe={(item) => <>Soll „{item.name}“ wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
    </>
  );
}
