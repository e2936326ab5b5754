import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

interface QueryState {
  isPending: boolean;
  refetch(): unknown;
}

/** What a panel shows until its texts are there: a spinner, or after a failure (the snackbar said why) a retry. */
export function PanelStatus({ query }: { query: QueryState }) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress aria-label="Wird geladen" />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Typography>Die Texte konnten nicht geladen werden.</Typography>
      <Button onClick={() => void query.refetch()}>Erneut versuchen</Button>
    </Box>
  );
}

/** Above a panel's texts for members without dashboard_update (SPEC §6: read-only, no save). */
export function ReadOnlyNote() {
  return <Alert severity="info">Du kannst diese Texte ansehen, aber zum Ändern fehlt dir die Berechtigung.</Alert>;
}

export interface PanelEntriesProps<Entry extends { identifier: string }, Identifier extends Entry['identifier']> {
  /** The query of all the records (one request however many panels show some of them). */
  query: QueryState & { data: readonly Entry[] | undefined };
  /** Which records the panel edits, in its order; one the server does not know is left out. */
  identifiers: readonly Identifier[];
  /** Shows the ReadOnlyNote above the editors. */
  readOnlyNote: boolean;
  /** The editor of one record. */
  children: (entry: Entry, identifier: Identifier) => ReactNode;
}

/** The records of a panel (texts, notices), each in its own editor, once they are there; until then PanelStatus. */
export function PanelEntries<Entry extends { identifier: string }, Identifier extends Entry['identifier']>({
  query,
  identifiers,
  readOnlyNote,
  children,
}: PanelEntriesProps<Entry, Identifier>) {
  if (!query.data) return <PanelStatus query={query} />;
  const byIdentifier = new Map(query.data.map((entry) => [entry.identifier, entry]));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {readOnlyNote && <ReadOnlyNote />}
      {identifiers.map((identifier) => {
        const entry = byIdentifier.get(identifier);
        return entry ? <Fragment key={identifier}>{children(entry, identifier)}</Fragment> : null;
      })}
    </Box>
  );
}
