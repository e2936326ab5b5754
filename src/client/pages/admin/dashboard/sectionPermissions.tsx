import Alert from '@mui/material/Alert';
import type { Section } from '../../../../shared/constants.ts';
import { sectionTooltip } from '../../../../shared/sectionRights.ts';
import { hasSectionRight, useSignedInUser } from '../../../auth.ts';
import type { DashboardPermissions } from '../DashboardPage.tsx';

/**
 * Rights per section (issue 28.1): what a panel may do with one section's content. A
 * permission the member holds, but not for `section`, is taken away; `denial` then names
 * the missing section for the tooltips and the note (`SectionNote`).
 */
export function useSectionPermissions(permissions: DashboardPermissions, section: Section): DashboardPermissions & { denial: string | undefined } {
  const user = useSignedInUser();
  const narrowed: DashboardPermissions = {
    canCreate: permissions.canCreate && hasSectionRight(user, 'dashboard_create', section),
    canUpdate: permissions.canUpdate && hasSectionRight(user, 'dashboard_update', section),
    canDelete: permissions.canDelete && hasSectionRight(user, 'dashboard_delete', section),
  };
  const taken =
    narrowed.canCreate !== permissions.canCreate || narrowed.canUpdate !== permissions.canUpdate || narrowed.canDelete !== permissions.canDelete;
  return { ...narrowed, denial: taken ? sectionTooltip(section) : undefined };
}

/** Says above another section's content why its controls are disabled. */
export function SectionNote({ denial }: { denial: string | undefined }) {
  if (denial === undefined) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {denial}.
    </Alert>
  );
}
