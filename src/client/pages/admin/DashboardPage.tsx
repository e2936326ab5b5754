import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { ARCHPARCOURS_IDENTIFIERS } from '../../../shared/content.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { CLUB_DATA_ANCHOR } from '../../../shared/setupChecklist.ts';
import { AboutCaptionsPanel } from './dashboard/AboutCaptionsPanel.tsx';
import { AlertsPanel } from './dashboard/AlertsPanel.tsx';
import { ClubDataPanel } from './dashboard/ClubDataPanel.tsx';
import { ClubPicturesPanel } from './dashboard/ClubPicturesPanel.tsx';
import { CourseFactsPanel } from './dashboard/CourseFactsPanel.tsx';
import { DashboardPanel } from './dashboard/DashboardPanel.tsx';
import { DownloadsPanel } from './dashboard/DownloadsPanel.tsx';
import { GalleriesPanel } from './dashboard/GalleriesPanel.tsx';
import { HomeTextsPanel } from './dashboard/HomeTextsPanel.tsx';
import { InfoTextsPanel } from './dashboard/InfoTextsPanel.tsx';
import { RangeFactsPanel } from './dashboard/RangeFactsPanel.tsx';
import { ResultsPanel } from './dashboard/ResultsPanel.tsx';
import { SetupChecklist } from './dashboard/SetupChecklist.tsx';
import { ShootingTimesPanel } from './dashboard/ShootingTimesPanel.tsx';
import { SponsorsPanel } from './dashboard/SponsorsPanel.tsx';
import { SectionNote, useSectionPermissions } from './dashboard/sectionPermissions.tsx';
import type { Section } from '../../../shared/constants.ts';
import { CONTENT_SECTION } from '../../../shared/sectionRights.ts';

/** What a panel may do for the member on screen (SPEC §6). */
export interface DashboardPermissions {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

interface PanelDefinition {
  title: string;
  /** Opens the panel from a link (`#anchor`). */
  anchor?: string;
  /** Rights per section (issue 28.1): the section all of the panel's content belongs to; mixed panels decide per record. */
  section?: Section;
  render(permissions: DashboardPermissions): ReactNode;
}

/**
 * The panels of SPEC §2 in their order.
 */
const PANELS: readonly PanelDefinition[] = [
  { title: 'Startseite', section: CONTENT_SECTION.homeTexts, render: ({ canUpdate }) => <HomeTextsPanel canUpdate={canUpdate} /> },
  { title: 'Logo und Titelbild', section: CONTENT_SECTION.clubPictures, render: ({ canUpdate }) => <ClubPicturesPanel canUpdate={canUpdate} /> },
  { title: 'Hinweise', render: ({ canUpdate }) => <AlertsPanel canUpdate={canUpdate} /> },
  { title: 'Schießzeiten', render: ({ canUpdate }) => <ShootingTimesPanel canUpdate={canUpdate} /> },
  { title: 'Luftdruckstand: Fakten', section: CONTENT_SECTION.rangeFacts, render: ({ canUpdate }) => <RangeFactsPanel canUpdate={canUpdate} /> },
  {
    title: 'Bogenparcours',
    render: ({ canUpdate }) => (
      <InfoTextsPanel
        identifiers={ARCHPARCOURS_IDENTIFIERS}
        canUpdate={canUpdate}
        errorPrefix="Fehler beim Abrufen der Bogenparcours-Texte"
      />
    ),
  },
  { title: 'Bogenparcours: Fakten und Preise', section: CONTENT_SECTION.courseFacts, render: ({ canUpdate }) => <CourseFactsPanel canUpdate={canUpdate} /> },
  { title: 'Über uns: Bildunterschriften', section: CONTENT_SECTION.aboutCaptions, render: ({ canUpdate }) => <AboutCaptionsPanel canUpdate={canUpdate} /> },
  { title: 'Galerien', render: (permissions) => <GalleriesPanel {...permissions} /> },
  { title: 'Downloads', section: CONTENT_SECTION.downloads, render: (permissions) => <DownloadsPanel {...permissions} /> },
  { title: 'Sponsoren', section: CONTENT_SECTION.sponsors, render: (permissions) => <SponsorsPanel {...permissions} /> },
  { title: 'Sportliche Leistungen', render: (permissions) => <ResultsPanel {...permissions} /> },
  { title: 'Vereinsdaten', anchor: CLUB_DATA_ANCHOR, section: CONTENT_SECTION.clubData, render: ({ canUpdate }) => <ClubDataPanel canUpdate={canUpdate} /> },
];

/**
 * Dashboard (SPEC §2): expandable panels for the club's texts and data; changes need
 * dashboard_update, whose holders also see what the installation still lacks.
 */
export function DashboardPage() {
  const user = useSignedInUser();
  const permissions: DashboardPermissions = {
    canCreate: hasPermission(user, 'dashboard_create'),
    canUpdate: hasPermission(user, 'dashboard_update'),
    canDelete: hasPermission(user, 'dashboard_delete'),
  };
  return (
    <>
      <AdminPageTitle screen="dashboard" />
      <Box sx={{ maxWidth: 960 }}>
        {permissions.canUpdate && <SetupChecklist />}
        {PANELS.map((panel) => (
          <DashboardPanel key={panel.title} title={panel.title} anchor={panel.anchor}>
            {panel.section === undefined ? panel.render(permissions) : <SectionPanelContent panel={panel} section={panel.section} permissions={permissions} />}
          </DashboardPanel>
        ))}
      </Box>
    </>
  );
}

/** A panel of one section's content: read-only with a note naming the section when the member's rights do not reach it. */
function SectionPanelContent({ panel, section, permissions }: { panel: PanelDefinition; section: Section; permissions: DashboardPermissions }) {
  const { denial, ...own } = useSectionPermissions(permissions, section);
  return (
    <>
      <SectionNote denial={denial} />
      {panel.render(own)}
    </>
  );
}
