import { NavCountLink } from '../../../components/nav-count-link.tsx';
import { useMentionsUnread } from '../api/get-mentions-unread.ts';

function AtIcon() {
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
      <circle cx="12" cy="12" r="4" />
      <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />
    </svg>
  );
}

// The navbar's way to the mentions inbox (issue 40), with how many mentions wait unread.
export function MentionsBadge() {
  const unread = useMentionsUnread().data?.unread ?? 0;
  return <NavCountLink to="/mentions" word="Mentions" counted="unread" count={unread} icon={<AtIcon />} />;
}
