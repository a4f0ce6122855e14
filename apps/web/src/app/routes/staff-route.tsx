import { StaffPage } from '../../features/staff/components/staff-page.tsx';

export function StaffRoute() {
  return <StaffPage />;
}
