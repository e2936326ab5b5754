import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AlertIdentifier, InfoIdentifier } from '../../../shared/constants.ts';
import { InfoText, SectionAlert } from '../../components/InfoText.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePublicInfo } from '../../publicContent.ts';

export interface SectionTimesProps {
  title: string;
  alert: AlertIdentifier;
  times: InfoIdentifier;
  /** What the section is about, in a paragraph or two. */
  description: ReactNode;
  /** More below the times, e.g. the next supervision of LG/LP. */
  children?: ReactNode;
}

/** A section's times page (SPEC §2): its notice when switched on, a description and the times text. */
export function SectionTimes({ title, alert, times, description, children }: SectionTimesProps) {
  const timesText = usePublicInfo().data?.find((entry) => entry.identifier === times)?.text ?? '';
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {timesText.trim() !== '' && <PageHead description={`Trainingszeiten: ${timesText}`} />}
      <SectionAlert identifier={alert} />
      <Box sx={{ maxWidth: 800 }}>
        {description}
        <Box component="section" aria-labelledby="times-heading" sx={{ mt: 3 }}>
          <Typography id="times-heading" variant="h5" component="h2" gutterBottom>
            Trainingszeiten
          </Typography>
          <InfoText identifier={times} />
        </Box>
        {children}
      </Box>
    </>
  );
}
