import { SectionResults } from './SectionResults.tsx';

/** Blowpipe results (SPEC §2): season, special results and the lists Intern and Extern. */
export function BlowpipeResultsPage() {
  return <SectionResults title="Ergebnisse Blasrohr" section="blowpipe" />;
}
