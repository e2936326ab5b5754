import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { NavLink } from 'react-router';
import { isGroup, NAVIGATION, NAVIGATION_LABEL, WIDE_SCREEN, type NavGroup, type NavTarget } from './navigation.ts';

/*
 * The menus of the top navigation and the drawer of small screens. They need MUI's modal,
 * popover, focus trap and transitions, which no page needs at first paint; PublicLayout
 * loads this module when a visitor first opens one (or points at a button that opens one).
 */

export interface GroupMenuPopupProps {
  id: string;
  group: NavGroup;
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function GroupMenuPopup({ id, group, anchor, onClose }: GroupMenuPopupProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {group.items.map((item) => (
        <MenuItem key={item.to} component={NavLink} to={item.to} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

function DrawerNavigation({ onNavigate }: { onNavigate: () => void }) {
  // Each link in a list item of its own, so the lists hold only items (axe 'list').
  const link = (target: NavTarget, indent: boolean) => (
    <ListItem key={target.to} disablePadding>
      <ListItemButton component={NavLink} to={target.to} onClick={onNavigate} sx={{ pl: indent ? 4 : 2 }}>
        <ListItemText primary={target.label} />
      </ListItemButton>
    </ListItem>
  );
  return (
    <Box component="nav" aria-label={NAVIGATION_LABEL} sx={{ width: 260 }}>
      <List>
        {NAVIGATION.map((entry) =>
          isGroup(entry) ? (
            <li key={entry.label}>
              <List disablePadding subheader={<ListSubheader disableSticky>{entry.label}</ListSubheader>}>
                {entry.items.map((item) => link(item, true))}
              </List>
            </li>
          ) : (
            link(entry, false)
          ),
        )}
      </List>
    </Box>
  );
}

export interface NavigationDrawerProps {
  open: boolean;
  onClose: () => void;
}

export function NavigationDrawer({ open, onClose }: NavigationDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} sx={{ display: { [WIDE_SCREEN]: 'none' } }} slotProps={{ paper: { 'aria-label': 'Menü' } }}>
      <DrawerNavigation onNavigate={onClose} />
    </Drawer>
  );
}
