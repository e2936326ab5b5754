import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatGermanDateTime } from '../../../../shared/dates.ts';
import { MAIL_STATE_LABELS } from '../../../../shared/inbox.ts';
import { CONTACT_RECIPIENT_LABELS } from '../../../../shared/schemas/contact.ts';
import { TitledDialog } from '../../../components/TitledDialog.tsx';
import { replyLink, type InboxMessage } from './messageViews.ts';

export interface MessageDialogProps {
  open: boolean;
  /** null while nothing was chosen yet, or once the message is gone (deleted). */
  message: InboxMessage | null;
  canUpdate: boolean;
  busy: boolean;
  onToggleDone: (message: InboxMessage) => void;
  onDelete: (message: InboxMessage) => void;
  onClose: () => void;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" component="div">
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {label}:
      </Typography>{' '}
      {children}
    </Typography>
  );
}

/** One message in full (issue 27.5): who wrote to whom and when, what became of its mail, the whole text; answer, mark, delete. */
export function MessageDialog({ open, message, canUpdate, busy, onToggleDone, onDelete, onClose }: MessageDialogProps) {
  return (
    <TitledDialog open={open && message !== null} title={message?.subject ?? ''} busy={busy} onClose={onClose} fullWidth maxWidth="md">
      {message && (
        <>
          <DialogContent>
            <Stack spacing={0.5} sx={{ mb: 2 }}>
              <Detail label="Von">
                {message.prename} {message.lastname} &lt;{message.email}&gt;
              </Detail>
              <Detail label="An">{CONTACT_RECIPIENT_LABELS[message.recipient]}</Detail>
              <Detail label="Eingegangen">{formatGermanDateTime(message.created_at)}</Detail>
              <Detail label="Mail">{MAIL_STATE_LABELS[message.mail]}</Detail>
              <Detail label="Status">
                {message.done_at ? `erledigt am ${formatGermanDateTime(message.done_at)}` : <Chip label="Neu" size="small" color="secondary" />}
              </Detail>
            </Stack>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} aria-label="Nachrichtentext">
              {message.text}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component="a" href={replyLink(message)} variant="contained">
              Antworten
            </Button>
            <Button onClick={() => onToggleDone(message)} disabled={!canUpdate || busy}>
              {message.done_at ? 'Wieder als neu markieren' : 'Als erledigt markieren'}
            </Button>
            <Button onClick={() => onDelete(message)} disabled={!canUpdate || busy} color="error">
              Löschen
            </Button>
            <Button onClick={onClose} disabled={busy}>
              Schließen
            </Button>
          </DialogActions>
        </>
      )}
    </TitledDialog>
  );
}
