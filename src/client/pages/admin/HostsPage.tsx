import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS } from './screens.ts';

/** Stand supervision and catering (SPEC §2): the roster follows with its own issue. */
export function HostsPage() {
  return <PageTitle>{ADMIN_SCREENS.hosts.label}</PageTitle>;
}
