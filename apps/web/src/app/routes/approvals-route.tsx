import { ApprovalsInbox } from '../../features/approvals/components/approvals-inbox.tsx';

// /approvals (issue 41): the actions waiting for a second employee, from the navbar's Approvals.
export function ApprovalsRoute() {
  return <ApprovalsInbox />;
}
