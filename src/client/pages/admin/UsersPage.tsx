import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS } from './screens.ts';

/** Users (SPEC §2): the table and dialogs follow with their own issue. */
export function UsersPage() {
  return <PageTitle>{ADMIN_SCREENS.users.label}</PageTitle>;
}
