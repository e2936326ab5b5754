import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

export interface DashboardPanelProps {
  title: string;
  children: ReactNode;
}

/**
 * One expandable panel of the dashboard (SPEC §2). Its content mounts with the first
 * opening, so a panel asks the server only once someone looks at it, and stays mounted
 * after closing, so unsaved text survives folding the panel away.
 */
export function DashboardPanel({ title, children }: DashboardPanelProps) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  return (
    <Accordion
      disableGutters
      onChange={(_event, expanded) => {
        if (expanded) setOpened(true);
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
