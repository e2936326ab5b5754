import DeleteIcon from '@mui/icons-material/Delete';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplyIcon from '@mui/icons-material/Reply';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import { MAIL_STATE_LABELS } from '../../../shared/inbox.ts';
import { CONTACT_RECIPIENT_LABELS } from '../../../shared/schemas/contact.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { DeleteDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { trpc } from '../../trpc.ts';
import { MessageDialog } from './messages/MessageDialog.tsx';
import { replyLink, textPreview, type InboxMessage } from './messages/messageViews.ts';

// Waiting is no alarm (and MUI's orange text would be too pale on white).
const MAIL_STATE_COLORS = { sent: 'success', waiting: 'default', failed: 'error', unknown: 'default' } as const;

/** A text column that the search also looks at. */
function textColumn(id: string, header: string, text: (message: InboxMessage) => string): DataTableColumn<InboxMessage> {
  return { id, header, render: text, searchText: text };
}

/** An icon button with its name as tooltip; a disabled one keeps the tooltip through the span. */
function ActionButton({ label, onClick, href, disabled = false, children }: { label: string; onClick?: () => void; href?: string; disabled?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        {href ? (
          <IconButton aria-label={label} href={href} disabled={disabled}>
            {children}
          </IconButton>
        ) : (
          <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
            {children}
          </IconButton>
        )}
      </span>
    </Tooltip>
  );
}

/**
 * The inbox 'Nachrichten' (issue 27.5): what visitors sent through the contact form, newest
 * first, as far as the member may read it; open one, answer it by mail (mailto:), mark it as
 * done or new again, delete it (asked first, logged). Without a mail server this is the only
 * place the messages reach the club, and the page says so.
 */
export function MessagesPage() {
  const me = useSignedInUser();
  const canUpdate = hasPermission(me, 'messages_update');

  const utils = trpc.useUtils();
  const inbox = trpc.messages.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Nachrichten' } });
  const messages = useMemo(() => inbox.data?.messages ?? [], [inbox.data]);
  const changed = () => {
    void utils.messages.list.invalidate();
    void utils.messages.newCount.invalidate();
  };

  // The id, not the row: the dialog shows the message as the list has it now (after 'erledigt').
  const [openId, setOpenId] = useState<number | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const opened = messages.find((message) => message.id === openId) ?? null;
  const show = useCallback((message: InboxMessage) => {
    setOpenId(message.id);
    setDetailsOpen(true);
  }, []);

  const setDone = trpc.messages.setDone.useMutation({ meta: { errorPrefix: 'Fehler beim Bearbeiten der Nachricht' }, onSuccess: changed });
  const { mutate: markDone } = setDone;
  const toggleDone = useCallback((message: InboxMessage) => markDone({ id: message.id, done: message.done_at === null }), [markDone]);

  const deletion = useDialogState<InboxMessage>();
  const remove = trpc.messages.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen der Nachricht' },
    onSuccess: () => {
      setDetailsOpen(false);
      changed();
    },
    onSettled: deletion.close,
  });

  const columns = useMemo<DataTableColumn<InboxMessage>[]>(
    () => [
      textColumn('created_at', 'Eingegangen', (message) => formatGermanDateTime(message.created_at)),
      {
        id: 'status',
        header: 'Status',
        render: (message) =>
          message.done_at ? <Chip label="Erledigt" size="small" variant="outlined" /> : <Chip label="Neu" size="small" color="secondary" />,
        searchText: (message) => (message.done_at ? 'Erledigt' : 'Neu'),
      },
      textColumn('recipient', 'An', (message) => CONTACT_RECIPIENT_LABELS[message.recipient]),
      textColumn('name', 'Name', (message) => `${message.prename} ${message.lastname}`),
      textColumn('email', 'E-Mail', (message) => message.email),
      textColumn('subject', 'Betreff', (message) => message.subject),
      { id: 'text', header: 'Text', render: (message) => textPreview(message.text), searchText: (message) => message.text },
      {
        id: 'mail',
        header: 'Mail',
        render: (message) => <Chip label={MAIL_STATE_LABELS[message.mail]} size="small" color={MAIL_STATE_COLORS[message.mail]} variant="outlined" />,
        searchText: (message) => MAIL_STATE_LABELS[message.mail],
      },
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        render: (message) => (
          <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
            <ActionButton label="Öffnen" onClick={() => show(message)}>
              <OpenInNewIcon />
            </ActionButton>
            <ActionButton label="Antworten" href={replyLink(message)}>
              <ReplyIcon />
            </ActionButton>
            <ActionButton
              label={message.done_at ? 'Wieder als neu markieren' : 'Als erledigt markieren'}
              onClick={() => toggleDone(message)}
              disabled={!canUpdate}
            >
              {message.done_at ? <MarkEmailUnreadIcon /> : <MarkEmailReadIcon />}
            </ActionButton>
            <ActionButton label="Löschen" onClick={() => deletion.show(message)} disabled={!canUpdate}>
              <DeleteIcon />
            </ActionButton>
          </Box>
        ),
      },
    ],
    [canUpdate, deletion, show, toggleDone],
  );

  return (
    <>
      <AdminPageTitle screen="messages" />
      {inbox.data && !inbox.data.smtpConfigured && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Es ist kein Mailserver eingerichtet (SMTP_URL): Nachrichten aus dem Kontaktformular werden nicht als Mail verschickt und erreichen
          den Verein nur hier. Sie bleiben 180 Tage gespeichert.
        </Alert>
      )}
      <DataTable label="Nachrichten" rows={messages} columns={columns} rowKey={(message) => message.id} loading={inbox.isFetching} />
      <MessageDialog
        open={detailsOpen}
        message={opened}
        canUpdate={canUpdate}
        busy={setDone.isPending || remove.isPending}
        onToggleDone={toggleDone}
        onDelete={(message) => deletion.show(message)}
        onClose={() => setDetailsOpen(false)}
      />
      <DeleteDialog
        state={deletion}
        title="Nachricht löschen?"
        describe={(item) => (
          <>
            Soll die Nachricht „{item.subject}“ von {item.prename} {item.lastname} wirklich gelöscht werden?
          </>
        )}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
    </>
  );
}
