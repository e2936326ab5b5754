import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS } from './screens.ts';

/** Groups (SPEC §2): the table and dialog follow with their own issue. */
export function GroupsPage() {
  return <PageTitle>{ADMIN_SCREENS.groups.label}</PageTitle>;
}
