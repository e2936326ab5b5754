import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType } from 'react';
import type { PermissionAction, PermissionArea } from '../../../../shared/permissions.ts';
import { ACTION_ORDER, permissionLabel, permissionName } from './permissionLabels.ts';

type IconComponent = ComponentType<{ fontSize?: 'small'; color?: 'primary'; titleAccess?: string }>;

const ACTION_ICONS: Record<PermissionAction, IconComponent> = {
  view: VisibilityOutlinedIcon,
  create: AddCircleOutlineIcon,
  update: EditOutlinedIcon,
  delete: DeleteOutlineIcon,
};

/**
 * What a group may do in one area, as four icons in fixed places (Ansehen, Anlegen,
 * Bearbeiten, Löschen), so a column reads at a glance. Each icon is named for screen
 * readers, e.g. 'Kalender: Ansehen'; an action the group lacks leaves its place empty.
 */
export function PermissionIcons({ area, held }: { area: PermissionArea; held: ReadonlySet<string> }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.25, whiteSpace: 'nowrap' }}>
      {ACTION_ORDER.map((action) => {
        const Icon = ACTION_ICONS[action];
        if (!held.has(permissionName(area, action))) {
          return <Box key={action} aria-hidden sx={{ width: 20, height: 20, flexShrink: 0 }} />;
        }
        const label = permissionLabel(area, action);
        return (
          <Tooltip key={action} title={label}>
            <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0 }}>
              <Icon fontSize="small" color="primary" titleAccess={label} />
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
