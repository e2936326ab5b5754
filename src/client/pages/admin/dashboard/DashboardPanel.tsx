import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export interface DashboardPanelProps {
  title: string;
  /** The address fragment that opens the panel and scrolls to it (`/admin/dash#vereinsdaten`), e.g. from the checklist. */
  anchor?: string;
  children: ReactNode;
}

/**
 * One expandable panel of the dashboard (SPEC §2). Its content mounts with the first
 * opening, so a panel asks the server only once someone looks at it, and stays mounted
 * after closing, so unsaved text survives folding the panel away.
 */
export function DashboardPanel({ title, anchor, children }: DashboardPanelProps) {
  const { hash } = useLocation();
  const linked = anchor !== undefined && hash === `#${anchor}`;
  const [expanded, setExpanded] = useState(linked);
  const [opened, setOpened] = useState(linked);
  // A link to the panel while the dashboard is open opens it (state adjusted while rendering, not in an effect).
  const [followedLink, setFollowedLink] = useState(linked);
  if (linked !== followedLink) {
    setFollowedLink(linked);
    if (linked) {
      setExpanded(true);
      setOpened(true);
    }
  }
  const id = useId();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) element.current?.scrollIntoView({ block: 'start' });
  }, [linked]);
  return (
    <Accordion
      ref={element}
      id={anchor}
      disableGutters
      expanded={expanded}
      onChange={(_event, isExpanded) => {
        setExpanded(isExpanded);
        if (isExpanded) setOpened(true);
      }}
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-summary`} aria-controls={`${id}-details`}>
        <Typography variant="h6" component="span">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{opened && children}</AccordionDetails>
    </Accordion>
  );
}
