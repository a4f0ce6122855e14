import { IdentificationsDashboard } from '../../features/identifications/components/identifications-dashboard.tsx';

// /identifications (spec 001 section 2): the identity document review cards, in two groups.
export function IdentificationsRoute() {
  return <IdentificationsDashboard />;
}
