import { Link, useLocation } from 'react-router';
import { Box, Button, Indicator } from '@mantine/core';
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

// The navbar's way to the mentions inbox (issue 40), with how many mentions wait unread. Its name
// starts with the word it shows on wide screens ("Mentions"), so speech control finds it; narrower,
// the @ sign stands for it.
export function MentionsBadge() {
  const unread = useMentionsUnread().data?.unread ?? 0;
  const here = useLocation().pathname === '/mentions';
  const count = unread > 99 ? '99+' : String(unread);
  const label = unread === 0 ? 'Mentions' : `Mentions, ${count} unread`;
  return (
    // The count sits on the link's corner, outside it: the link's name says it in words.
    <Indicator
      label={<span aria-hidden="true">{count}</span>}
      disabled={unread === 0}
      color="red.8"
      size={18}
      offset={4}
      zIndex={2}
    >
      <Button
        component={Link}
        to="/mentions"
        aria-label={label}
        title={label}
        variant={here ? 'light' : 'subtle'}
        color={here ? 'indigo' : 'gray'}
        size="compact-sm"
        h={32}
        px={{ base: 4, lg: 'sm' }}
        fw={500}
      >
        <AtIcon />
        <Box component="span" visibleFrom="xl" ml={6}>
          Mentions
        </Box>
      </Button>
    </Indicator>
  );
}
