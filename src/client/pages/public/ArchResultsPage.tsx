import { LiveResultLink, SectionResults } from './SectionResults.tsx';

/** Arch results (SPEC §2): season, special results, the live result while it runs, and the lists Intern and Extern. */
export function ArchResultsPage() {
  return (
    <SectionResults title="Ergebnisse Bogen" section="arch">
      <LiveResultLink />
    </SectionResults>
  );
}
