import { PageTitle } from '../../components/PageTitle.tsx';

/** Downloads (SPEC §2): the list of files follows with its own issue. */
export function DownloadsPage() {
  return <PageTitle>Downloads</PageTitle>;
}
