import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS } from './screens.ts';

/** Server log (SPEC §2): the text box follows with its own issue. */
export function LogPage() {
  return <PageTitle>{ADMIN_SCREENS.log.label}</PageTitle>;
}
