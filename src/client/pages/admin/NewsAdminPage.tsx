import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import { NEWS_STATE_LABELS, newsArticlePath, newsSectionLabel, type NewsArticle } from '../../../shared/news.ts';
import { hasPermission, sectionDenial, useSignedInUser } from '../../auth.ts';
import { DeleteDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { trpc } from '../../trpc.ts';
import { NewsArticleDialog } from './news/NewsArticleDialog.tsx';

function stateText(article: NewsArticle): string {
  if (article.state === 'published') return `Veröffentlicht am ${formatGermanDateTime(article.publishAt!)}`;
  if (article.state === 'scheduled') return `Geplant für ${formatGermanDateTime(article.publishAt!)}`;
  return NEWS_STATE_LABELS.draft;
}

/**
 * 'Aktuelles' (issue 27.1): the club's articles, drafts and scheduled ones first. Writing
 * needs news_create, changing and publishing news_update, deleting (after Ja/Nein)
 * news_delete.
 */
export function NewsAdminPage() {
  const user = useSignedInUser();
  const canCreate = hasPermission(user, 'news_create');
  const canUpdate = hasPermission(user, 'news_update');
  const canDelete = hasPermission(user, 'news_delete');
  const utils = trpc.useUtils();
  const articles = trpc.news.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Artikel' } });
  const changed = () => {
    void utils.news.invalidate();
  };
  const editing = useDialogState<NewsArticle>();
  const deletion = useDialogState<NewsArticle>();
  const remove = trpc.news.delete.useMutation({ meta: { errorPrefix: 'Fehler beim Löschen des Artikels' }, onSuccess: changed, onSettled: deletion.close });

  const columns = useMemo<DataTableColumn<NewsArticle>[]>(
    () => [
      {
        id: 'title',
        header: 'Titel',
        searchText: (article) => `${article.title} ${article.teaser}`,
        render: (article) => (
          <Box>
            {article.state === 'published' ? (
              <Link href={newsArticlePath(article.slug)} target="_blank" rel="noopener">
                {article.title}
              </Link>
            ) : (
              article.title
            )}
            {article.teaser && (
              <Typography variant="body2" color="text.secondary">
                {article.teaser}
              </Typography>
            )}
          </Box>
        ),
      },
      { id: 'section', header: 'Bereich', searchText: (article) => newsSectionLabel(article.section), render: (article) => newsSectionLabel(article.section) },
      { id: 'state', header: 'Status', searchText: stateText, render: stateText },
      { id: 'author', header: 'Autor', searchText: (article) => article.author, render: (article) => article.author },
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        // Rights per section (issue 28.1): another section's article is read-only.
        render: (article) => (
          <RowActions
            canEdit={canUpdate && sectionDenial(user, 'news_update', article.section) === undefined}
            onEdit={() => editing.show(article)}
            canDelete={canDelete && sectionDenial(user, 'news_delete', article.section) === undefined}
            onDelete={() => deletion.show(article)}
          />
        ),
      },
    ],
    [canUpdate, canDelete, editing, deletion, user],
  );

  return (
    <>
      <AdminPageTitle screen="news" />
      <DataTable
        label="Artikel"
        rows={articles.data?.articles ?? []}
        columns={columns}
        rowKey={(article) => article.id}
        loading={articles.isFetching}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} disabled={!canCreate} onClick={() => editing.show(null)}>
            Artikel schreiben
          </Button>
        }
      />
      <NewsArticleDialog key={editing.key} state={editing} author={`${user.prename} ${user.lastname}`} canSave={editing.item ? canUpdate : canCreate} onSaved={changed} />
      <DeleteDialog
        state={deletion}
        title="Artikel löschen?"
        describe={(item) => <>Soll „{item.title}“ wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
    </>
  );
}
