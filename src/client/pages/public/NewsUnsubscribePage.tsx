import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useActionData, useParams } from 'react-router';
import { NEWS_PATH } from '../../../shared/news.ts';
import { NEWS_UNSUBSCRIBE_MESSAGES, NEWS_UNSUBSCRIBE_PATH, NEWS_UNSUBSCRIBE_TOKEN_MAX, type NewsUnsubscribeAnswer } from '../../../shared/newsUnsubscribe.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useClubProfile } from '../../publicContent.ts';
import { useServerRender } from '../../render/serverRender.ts';
import { trpc } from '../../trpc.ts';
import { ADMIN_SCREENS } from '../admin/screens.ts';

const ACCOUNT = ADMIN_SCREENS.account;

/** Names and addresses are long words on a 360 px phone: they break anywhere rather than push the page sideways. */
const TEXT_SX = { mb: 2, overflowWrap: 'anywhere' } as const;

function AccountLink() {
  return (
    <Link component={RouterLink} to={ACCOUNT.path}>
      {ACCOUNT.label}
    </Link>
  );
}

/** Off, now or before: whom it concerns, and where to switch the mails on again. */
function Off({ title, name }: { title: string; name: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Typography sx={TEXT_SX}>{`Hallo ${name}, du bekommst keine Artikel mehr per Mail.`}</Typography>
      <Typography sx={TEXT_SX}>
        {`In „${ACCOUNT.label}“ kannst du das jederzeit wieder einschalten: `}
        <AccountLink /> (mit Anmeldung).
      </Typography>
    </>
  );
}

/** A link that names nobody (mangled, or its member deleted): the page's own German 404, with the way that always works. */
function UnknownLink() {
  useServerRender()?.declareNotFound();
  return (
    <>
      <PageTitle>Link ungültig</PageTitle>
      <Typography sx={TEXT_SX}>{NEWS_UNSUBSCRIBE_MESSAGES.unknownLink}</Typography>
      <Typography sx={TEXT_SX}>
        {`Angemeldete Mitglieder schalten die Mails unter „${ACCOUNT.label}“ aus: `}
        <AccountLink />.
      </Typography>
    </>
  );
}

function LinkContent({ token, answer }: { token: string; answer: NewsUnsubscribeAnswer | undefined }) {
  const link = trpc.news.unsubscribeLink.useQuery({ token }, { meta: { errorPrefix: 'Fehler beim Abrufen des Abmeldelinks' } });
  const club = useClubProfile();
  const [unsubscribed, setUnsubscribed] = useState(false);
  const unsubscribe = trpc.news.unsubscribe.useMutation({
    meta: { errorPrefix: 'Fehler beim Abmelden' },
    onSuccess: () => setUnsubscribed(true),
  });
  if (link.data === null) return <UnknownLink />;
  if (!link.data) return null;
  const { name, off } = link.data;
  if (unsubscribed || answer?.kind === 'unsubscribed') return <Off title="Abgemeldet" name={name} />;
  if (off) return <Off title="Bereits abgemeldet" name={name} />;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    unsubscribe.mutate({ token });
  };
  return (
    <>
      <PageTitle>Keine Artikel mehr per Mail?</PageTitle>
      <Typography sx={TEXT_SX}>{`Hallo ${name}, willst du keine neuen Artikel von „${club.data?.name ?? ''}“ mehr per Mail bekommen?`}</Typography>
      {/* Posted to the page's own address without JavaScript; the server answers with this page (pages.ts). */}
      <Box component="form" method="post" action={`${NEWS_UNSUBSCRIBE_PATH}/${encodeURIComponent(token)}`} onSubmit={submit} sx={{ mb: 2 }}>
        <Button type="submit" variant="contained" disabled={unsubscribe.isPending}>
          Abmelden
        </Button>
      </Box>
      <Typography sx={TEXT_SX}>
        Die Artikel stehen weiter unter{' '}
        <Link component={RouterLink} to={NEWS_PATH}>
          Aktuelles
        </Link>
        .
      </Typography>
    </>
  );
}

/**
 * The article mail's unsubscribe link (issue 27.4): asks first (mail scanners follow links),
 * then the button switches the member's article mails off, with JavaScript in place, without
 * it as a form the server answers with this page again. Rendered on the server for its one
 * reader (never kept, not indexed, no Referer); a link that names nobody is a German 404.
 */
export function NewsUnsubscribePage() {
  const { token } = useParams();
  const answer = useActionData<NewsUnsubscribeAnswer | null>() ?? undefined;
  return (
    <>
      <PageHead noindex />
      {token === undefined || token.length > NEWS_UNSUBSCRIBE_TOKEN_MAX ? <UnknownLink /> : <LinkContent token={token} answer={answer} />}
    </>
  );
}
