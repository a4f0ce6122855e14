import { AcdvDashboard } from '../../features/credit-reporting/components/acdv-dashboard.tsx';

// /fcra and /acdv (spec 001 section 2): one screen, the ACDV dashboard.
export function FcraRoute() {
  return <AcdvDashboard />;
}
