import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { formatFileSize } from '../../../../shared/files.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import { FileDropZone } from '../../../components/FileDropZone.tsx';
import { FileIcon } from '../../../components/FileIcon.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import type { DashboardPermissions } from '../DashboardPage.tsx';

type Download = RouterOutputs['downloads']['list'][number];

/** Panel 'Downloads' (SPEC §2): the files, an upload with progress (dashboard_create), delete after Ja/Nein (dashboard_delete). */
export function DownloadsPanel({ canCreate, canDelete }: DashboardPermissions) {
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

  const deletion = useDialogState<Download>();
  const remove = trpc.downloads.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Downloads' },
    onSuccess: changed,
    onSettled: deletion.close,
  });

  const columns = useMemo<DataTableColumn<Download>[]>(
    () => [
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
        render: (download) => <RowActions canDelete={canDelete} onDelete={() => deletion.show(download)} />,
      },
    ],
    [canDelete, deletion],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FileDropZone multiple buttonLabel="Datei hochladen" label="Downloads hochladen" onFiles={(files) => void uploadFiles(files)} disabled={!canCreate || upload.busy} />
      <DataTable label="Downloads" rows={downloads.data ?? []} columns={columns} rowKey={(download) => download.id} loading={downloads.isFetching} />
      {upload.dialog}
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
