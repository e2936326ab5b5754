import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { DOWNLOAD_LIMITS, downloadUpdateInput } from '../../../../shared/schemas/downloads.ts';
import { formatFileSize } from '../../../../shared/files.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import { FileDropZone } from '../../../components/FileDropZone.tsx';
import { FileIcon } from '../../../components/FileIcon.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDialogState, type DialogState } from '../../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import type { DashboardPermissions } from '../DashboardPage.tsx';

type Download = RouterOutputs['downloads']['list'][number];

/** Title and description of one download (issue 26.6): what the public list shows of it. */
function DownloadDialog({ state, onSaved }: { state: DialogState<Download>; onSaved: () => void }) {
  const download = state.item;
  const form = useSchemaForm(downloadUpdateInput, () => ({ id: download?.id ?? 0, title: download?.title ?? '', description: download?.description ?? '' }));
  const save = trpc.downloads.update.useMutation(
    form.mutationOptions('Fehler beim Bearbeiten des Downloads', () => {
      onSaved();
      state.close();
    }),
  );
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: save.isPending });
  return (
    <FormDialog open={state.open} title="Download bearbeiten" busy={save.isPending} onClose={state.close} unsaved={form.changed} onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {download && (
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
            <FileIcon mime={download.type} color="action" fontSize="small" />
            Datei: {download.filename} ({formatFileSize(download.size)})
          </Typography>
        )}
        <TextField
          label="Titel"
          required
          autoFocus
          {...textFieldProps(form, 'title')}
          helperText={form.errorOf('title') ?? `Steht in der Liste der Downloads statt des Dateinamens; höchstens ${DOWNLOAD_LIMITS.title} Zeichen`}
          disabled={save.isPending}
        />
        <TextField
          label="Beschreibung"
          multiline
          minRows={3}
          {...textFieldProps(form, 'description')}
          helperText={form.errorOf('description') ?? `Optional; höchstens ${DOWNLOAD_LIMITS.description} Zeichen`}
          disabled={save.isPending}
        />
      </Box>
    </FormDialog>
  );
}

/**
 * Panel 'Downloads' (SPEC §2): the files, an upload with progress (dashboard_create), title
 * and description (dashboard_update), delete after Ja/Nein (dashboard_delete).
 */
export function DownloadsPanel({ canCreate, canUpdate, canDelete }: DashboardPermissions) {
  const utils = trpc.useUtils();
  const downloads = trpc.downloads.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Downloads' } });
  const changed = () => {
    void utils.downloads.list.invalidate();
    void utils.downloads.publicList.invalidate();
  };

  const upload = useUpload({ errorPrefix: 'Fehler beim Anlegen des Downloads', onSuccess: changed });
  const { start } = upload;
  const uploadFiles = async (files: File[]) => {
    // One file per request (the server takes exactly one); a failure or 'Abbrechen' stops the rest.
    for (const file of files) {
      const form = new FormData();
      form.append('file', file);
      if (!(await start('/api/downloads', form, `${file.name} wird hochgeladen`)).ok) return;
    }
  };

  const editing = useDialogState<Download>();
  const deletion = useDialogState<Download>();
  const remove = trpc.downloads.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Downloads' },
    onSuccess: changed,
    onSettled: deletion.close,
  });

  const columns = useMemo<DataTableColumn<Download>[]>(
    () => [
      {
        id: 'title',
        header: 'Titel',
        searchText: (download) => `${download.title} ${download.description}`,
        render: (download) => (
          <Box>
            {download.title}
            {download.description && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {download.description}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        id: 'filename',
        header: 'Datei',
        searchText: (download) => download.filename,
        render: (download) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FileIcon mime={download.type} color="action" fontSize="small" />
            <Link href={download.file_url} target="_blank" rel="noopener">
              {download.filename}
            </Link>
          </Box>
        ),
      },
      { id: 'size', header: 'Größe', align: 'right', render: (download) => formatFileSize(download.size) },
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        render: (download) => (
          <RowActions canEdit={canUpdate} onEdit={() => editing.show(download)} canDelete={canDelete} onDelete={() => deletion.show(download)} />
        ),
      },
    ],
    [canUpdate, canDelete, editing, deletion],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FileDropZone multiple buttonLabel="Datei hochladen" label="Downloads hochladen" onFiles={(files) => void uploadFiles(files)} disabled={!canCreate || upload.busy} />
      <DataTable label="Downloads" rows={downloads.data ?? []} columns={columns} rowKey={(download) => download.id} loading={downloads.isFetching} />
      {upload.dialog}
      <DownloadDialog key={editing.key} state={editing} onSaved={changed} />
      <DeleteDialog
        state={deletion}
        title="Download löschen?"
        describe={(item) => <>Soll „{item.filename}“ wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
    </Box>
  );
}
