import { PageTitle } from '../../components/PageTitle.tsx';

/** Arch parcours (SPEC §2): rules, prices, opening hours and directions follow with their own issue. */
export function ArchParcoursPage() {
  return <PageTitle>3D-Bogenparcours</PageTitle>;
}
