import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import type { ResultSection } from '../../../../shared/constants.ts';
import { RESULT_TEXT_IDENTIFIERS } from '../../../../shared/content.ts';
import { formatFileSize } from '../../../../shared/files.ts';
import { LIVERESULT_IDENTIFIER } from '../../../../shared/schemas/content.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import { FileDropZone } from '../../../components/FileDropZone.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import type { DashboardPermissions } from '../DashboardPage.tsx';
import { InfoTextsPanel } from './InfoTextsPanel.tsx';
import { AlertEditor } from './AlertsPanel.tsx';
import { PanelEntries } from './PanelStatus.tsx';
import { SectionNote, useSectionPermissions } from './sectionPermissions.tsx';

type Result = RouterOutputs['results']['list'][number];

const TABS: readonly { section: ResultSection; label: string }[] = [
  { section: 'gun', label: 'LG/LP' },
  { section: 'arch', label: 'Bogen' },
  { section: 'blowpipe', label: 'Blasrohr' },
];

const FETCH_ERROR_PREFIX = 'Fehler beim Abrufen der Ergebnisse';

/** SPEC §6: gun results need dashboard_create, archery and blowpipe results dashboard_update (as the server checks). */
function canUploadTo(section: ResultSection, { canCreate, canUpdate }: DashboardPermissions): boolean {
  return section === 'gun' ? canCreate : canUpdate;
}

interface ResultListProps {
  section: ResultSection;
  internal: boolean;
  results: readonly Result[];
  loading: boolean;
  canUpload: boolean;
  canDelete: boolean;
  onDelete: (result: Result) => void;
}

/** 'Intern' (club members) or 'Extern' (competitions the club ran) of one section, with its PDF upload. */
function ResultList({ section, internal, results, loading, canUpload, canDelete, onDelete }: ResultListProps) {
  const utils = trpc.useUtils();
  const title = internal ? 'Intern' : 'Extern';
  const headingId = useId();
  const upload = useUpload({
    errorPrefix: 'Fehler beim Anlegen des Ergebnisses',
    onSuccess: () => {
      void utils.results.list.invalidate();
      void utils.results.publicList.invalidate();
    },
  });
  const { start } = upload;
  const uploadFiles = async (files: File[]) => {
    for (const file of files) {
      const form = new FormData();
      // The fields before the file: the server checks the section's permission before storing a byte.
      form.append('section', section);
      form.append('internal', internal ? '1' : '0');
      form.append('file', file);
      if (!(await start('/api/results', form, `${file.name} wird hochgeladen`)).ok) return;
    }
  };

  const columns = useMemo<DataTableColumn<Result>[]>(
    () => [
      {
        id: 'filename',
        header: 'Datei',
        searchText: (result) => result.filename,
        render: (result) => (
          <Link href={result.file_url} target="_blank" rel="noopener">
            {result.filename}
          </Link>
        ),
      },
      { id: 'size', header: 'Größe', align: 'right', render: (result) => formatFileSize(result.size) },
      { id: 'actions', header: 'Aktionen', align: 'right', render: (result) => <RowActions canDelete={canDelete} onDelete={() => onDelete(result)} /> },
    ],
    [canDelete, onDelete],
  );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {internal ? 'Ergebnisse der Vereinsmitglieder' : 'Ergebnisse der vom Verein ausgerichteten Wettkämpfe'}
      </Typography>
      <FileDropZone
        accept="application/pdf,.pdf"
        multiple
        buttonLabel="PDF hochladen"
        hint="PDF hierher ziehen oder"
        label={`Ergebnisse ${title} hochladen`}
        disabled={!canUpload || upload.busy}
        onFiles={(files) => void uploadFiles(files)}
      />
      <DataTable label={`Ergebnisse ${title}`} rows={results} columns={columns} rowKey={(result) => result.id} loading={loading} />
      {upload.dialog}
    </Box>
  );
}

/** The live-result link of the archery page (the alert 'liveresult'): switched on, its address shows there. */
function LiveResultSection({ canUpdate }: { canUpdate: boolean }) {
  const alerts = trpc.content.alerts.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen des Live-Ergebnisses' } });
  // The texts above already say when they are read-only.
  return (
    <PanelEntries query={alerts} identifiers={[LIVERESULT_IDENTIFIER]} readOnlyNote={false}>
      {(alert) => (
        <AlertEditor
          alert={alert}
          title="Live-Ergebnis"
          switchLabel="Link zum Live-Ergebnis anzeigen"
          errorPrefix="Fehler beim Speichern des Live-Ergebnisses"
          canUpdate={canUpdate}
          renderText={({ value, onChange, error, disabled, readOnly }) => (
            <TextField
              label="Internetadresse"
              type="url"
              fullWidth
              value={value}
              onChange={(event) => onChange(event.target.value)}
              error={error !== undefined}
              helperText={error ?? 'Beginnt mit http:// oder https://'}
              disabled={disabled}
              slotProps={{ input: { readOnly } }}
            />
          )}
        />
      )}
    </PanelEntries>
  );
}

/**
 * Panel 'Sportliche Leistungen' (SPEC §2): per section the season and special-result texts,
 * the internal and external result PDFs, and for archery the live-result link.
 */
export function ResultsPanel(held: DashboardPermissions) {
  const [active, setActive] = useState<ResultSection>('gun');
  const idBase = useId();
  const results = trpc.results.list.useQuery(undefined, { meta: { errorPrefix: FETCH_ERROR_PREFIX } });

  const deletion = useDialogState<Result>();
  const utils = trpc.useUtils();
  const remove = trpc.results.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Ergebnisses' },
    onSuccess: () => {
      void utils.results.list.invalidate();
      void utils.results.publicList.invalidate();
    },
    onSettled: deletion.close,
  });
  const { show } = deletion;

  // Rights per section (issue 28.1): another section's results are read-only.
  const permissions = useSectionPermissions(held, active);
  const ofSection = (internal: boolean) => (results.data ?? []).filter((result) => result.section === active && result.internal === internal);
  const canUpload = canUploadTo(active, permissions);

  return (
    <Box>
      <Tabs value={active} onChange={(_event, value: ResultSection) => setActive(value)} aria-label="Sparten" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {TABS.map((tab) => (
          <Tab key={tab.section} value={tab.section} label={tab.label} id={`${idBase}-tab-${tab.section}`} aria-controls={`${idBase}-panel-${tab.section}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" key={active} id={`${idBase}-panel-${active}`} aria-labelledby={`${idBase}-tab-${active}`} sx={{ display: 'grid', gap: 3 }}>
        <SectionNote denial={permissions.denial} />
        <InfoTextsPanel identifiers={RESULT_TEXT_IDENTIFIERS[active]} canUpdate={permissions.canUpdate} errorPrefix={FETCH_ERROR_PREFIX} />
        {active === 'arch' && <LiveResultSection canUpdate={permissions.canUpdate} />}
        {[true, false].map((internal) => (
          <ResultList
            key={String(internal)}
            section={active}
            internal={internal}
            results={ofSection(internal)}
            loading={results.isFetching}
            canUpload={canUpload}
            canDelete={permissions.canDelete}
            onDelete={show}
          />
        ))}
      </Box>
      <DeleteDialog
        state={deletion}
        title="Ergebnis löschen?"
        describe={(item) => <>Soll „{item.filename}“ wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
    </Box>
  );
}
