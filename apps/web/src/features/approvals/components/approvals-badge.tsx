import { NavCountLink } from '../../../components/nav-count-link.tsx';
import { useSession } from '../../../lib/session.ts';
import { useApprovals } from '../api/approvals.ts';

function CheckIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M9 11l3 3 8-8" />
      <path d="M20 12v6a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h9" />
    </svg>
  );
}

// The navbar's way to the approvals inbox (issue 41), for approvers only, with how many actions wait.
export function ApprovalsBadge() {
  const session = useSession();
  const mayDecide = session?.permissions.includes('approvals.decide') ?? false;
  const waiting = useApprovals({ enabled: mayDecide }).data?.pending_count ?? 0;
  if (!mayDecide) return null;
  return <NavCountLink to="/approvals" word="Approvals" counted="waiting" count={waiting} icon={<CheckIcon />} />;
}
