import { DeadlinesPage } from '../../features/deadlines/components/deadlines-page.tsx';

// /deadlines (issue 30): the legal deadlines of every queue, for any signed-in employee.
export function DeadlinesRoute() {
  return <DeadlinesPage />;
}
