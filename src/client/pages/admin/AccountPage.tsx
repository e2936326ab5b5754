import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS } from './screens.ts';

/** My account (SPEC §2): the form follows with its own issue. */
export function AccountPage() {
  return <PageTitle>{ADMIN_SCREENS.account.label}</PageTitle>;
}
