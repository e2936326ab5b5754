import { SectionResults } from './SectionResults.tsx';

/** Gun results (SPEC §2): season, special results and the lists Intern and Extern. */
export function GunResultsPage() {
  return <SectionResults title="Ergebnisse Luftgewehr/Luftpistole" section="gun" />;
}
