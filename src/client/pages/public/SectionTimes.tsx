import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AlertIdentifier } from '../../../shared/constants.ts';
import { SHOOTING_TIME_IDENTIFIER } from '../../../shared/content.ts';
import { describeTimetableEntry, type PublicTimetable, type TimetableSection } from '../../../shared/timetable.ts';
import { SectionAlert } from '../../components/InfoText.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { publicPagePath, TIMETABLE_PAGES } from '../../publicPages.ts';
import { useClubProfile, usePublicInfo, usePublicTimetables } from '../../publicContent.ts';
import { useSiteOrigin } from '../../render/serverRender.ts';
import { sectionTimetablePlace } from '../../structuredData.ts';
import { SectionTimetable } from './SectionTimetable.tsx';

export interface SectionTimesProps {
  title: string;
  /** Whose timetable and times text (as a note under it) the page shows. */
  section: TimetableSection;
  alert: AlertIdentifier;
  /** What the section is about, in a paragraph or two. */
  description: ReactNode;
  /** More below the times, e.g. the next supervision of LG/LP. */
  children?: ReactNode;
}

/** What the page says of itself: its times in words, and the section with its times for search engines. */
function TimesHead({ section, timetable, note }: { section: TimetableSection; timetable: PublicTimetable | undefined; note: string }) {
  const profile = useClubProfile().data;
  const origin = useSiteOrigin();
  const times = timetable?.entries.map(describeTimetableEntry) ?? [];
  const text = [times.length > 0 ? `${times.join(', ')}.` : '', note.trim()].filter(Boolean).join(' ');
  return (
    <PageHead
      description={text !== '' ? `Trainingszeiten: ${text}` : undefined}
      structuredData={
        origin && profile && timetable ? [sectionTimetablePlace(section, timetable, profile, origin, publicPagePath(TIMETABLE_PAGES[section]))] : undefined
      }
    />
  );
}

/**
 * A section's times page (SPEC §2): its notice when switched on, a description, the weekly
 * timetable with the times text as a note under it (issue 26, point 2).
 */
export function SectionTimes({ title, section, alert, description, children }: SectionTimesProps) {
  const timetable = usePublicTimetables().data?.[section];
  const note = usePublicInfo().data?.find((entry) => entry.identifier === SHOOTING_TIME_IDENTIFIER[section])?.text ?? '';
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <TimesHead section={section} timetable={timetable} note={note} />
      <SectionAlert identifier={alert} />
      <Box sx={{ maxWidth: 800 }}>
        {description}
        <Box component="section" aria-labelledby="times-heading" sx={{ mt: 3 }}>
          <Typography id="times-heading" variant="h5" component="h2" gutterBottom>
            Trainingszeiten
          </Typography>
          <SectionTimetable timetable={timetable} note={note} labelledBy="times-heading" />
        </Box>
        {children}
      </Box>
    </>
  );
}
