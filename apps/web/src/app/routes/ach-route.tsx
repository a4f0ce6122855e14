import { AchPage } from '../../features/ach/components/ach-page.tsx';

// /ach (issue 41): the ACH files and the bank's return files, for the payments admins.
export function AchRoute() {
  return <AchPage />;
}
