import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS } from './screens.ts';

/** Dashboard (SPEC §2): the expandable panels follow with their own issue. */
export function DashboardPage() {
  return <PageTitle>{ADMIN_SCREENS.dashboard.label}</PageTitle>;
}
