import type { InfoIdentifier } from '../../../../shared/constants.ts';
import { INFO_LABELS } from '../../../../shared/content.ts';
import { infoUpdateInput, type InfoEntry } from '../../../../shared/schemas/content.ts';
import { EditorCard } from '../../../components/EditorCard.tsx';
import { useRecordForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { useSectionDenial } from '../../../auth.ts';
import { INFO_TEXT_SECTION } from '../../../../shared/sectionRights.ts';
import { PanelEntries } from './PanelStatus.tsx';
import { RichTextField } from './RichTextField.tsx';

const infoValues = (entry: InfoEntry) => ({ identifier: entry.identifier, text: entry.text });

export interface InfoTextEditorProps {
  entry: InfoEntry;
  /** The heading, e.g. the text's label. */
  title: string;
  /** The form's accessible name when it differs from the heading. */
  label?: string;
  canUpdate: boolean;
}

/** One info text, saved on its own; what visitors see follows at once. */
export function InfoTextEditor({ entry, title, label, canUpdate: permitted }: InfoTextEditorProps) {
  const utils = trpc.useUtils();
  // Rights per section (issue 28.1): another section's text is read-only, the button says why.
  const denial = useSectionDenial('dashboard_update', INFO_TEXT_SECTION[entry.identifier as keyof typeof INFO_TEXT_SECTION] ?? 'club');
  const canUpdate = permitted && denial === undefined;
  const form = useRecordForm(infoUpdateInput, entry, infoValues);

  const save = trpc.content.updateInfo.useMutation(
    form.mutationOptions('Fehler beim Speichern des Textes', ({ data }) => {
      form.reset(infoValues(data));
      void utils.content.info.invalidate();
      void utils.content.publicInfo.invalidate();
    }),
  );

  const submit = form.onSubmit((input) => save.mutate(input));

  return (
    <EditorCard title={title} label={label} onSubmit={submit} canSave={canUpdate} saving={save.isPending} denial={denial}>
      <RichTextField
        label="Text"
        value={form.values.text}
        onChange={(text) => form.setField('text', text)}
        error={form.errorOf('text')}
        readOnly={!canUpdate}
        disabled={save.isPending}
      />
    </EditorCard>
  );
}

export interface InfoTextsPanelProps {
  identifiers: readonly InfoIdentifier[];
  canUpdate: boolean;
  /** SPEC §8, e.g. 'Fehler beim Abrufen der Schießzeiten'. */
  errorPrefix: string;
}

/** A panel of info texts (Schießzeiten, Bogenparcours), each saved on its own. */
export function InfoTextsPanel({ identifiers, canUpdate, errorPrefix }: InfoTextsPanelProps) {
  // One request for all texts; each panel that is open shares it and names its own failure.
  const info = trpc.content.info.useQuery(undefined, { meta: { errorPrefix } });
  return (
    <PanelEntries query={info} identifiers={identifiers} readOnlyNote={!canUpdate}>
      {(entry, identifier) => <InfoTextEditor entry={entry} title={INFO_LABELS[identifier]} canUpdate={canUpdate} />}
    </PanelEntries>
  );
}
