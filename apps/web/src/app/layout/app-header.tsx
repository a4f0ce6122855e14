import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { LogOutButton } from '../../features/auth/components/log-out-button.tsx';
import { MentionsBadge } from '../../features/notes/components/mentions-badge.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { useSession } from '../../lib/session.ts';
import { adminMenu, navMenus } from './nav-links.ts';
import { NavMenu } from './nav-menu.tsx';

// Only approvers have it: loaded for them, so everyone else's first screen stays lighter (decision 040).
const ApprovalsBadge = lazy(async () => ({
  default: (await import('../../features/approvals/components/approvals-badge.tsx')).ApprovalsBadge,
}));
import { mayOpen } from '../screen-access.ts';

// The navbar (spec 000 section 2): Home and the four menus; the search box, the employee and Log Out.
// The email hides on narrow screens (Log Out's tooltip still names the employee); below the lg
// breakpoint the menus (Mentions an @ sign, Approvals a tick) and the search box tighten and the
// Portal's name gives way, so Log Out stays on screen down to 1024 px with every menu.
export function AppHeader() {
  const session = useSession();
  const { pathname } = useLocation();
  const onHome = pathname === '/';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {/* The name gives its room to the menus below lg, where Home leads to the same place. */}
        <Text
          component={Link}
          to="/"
          visibleFrom="lg"
          fw={800}
          c="indigo.7"
          fz="lg"
          style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
        >
          The Portal
        </Text>
        <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
          <Button
            component={Link}
            to="/"
            variant={onHome ? 'light' : 'subtle'}
            color={onHome ? 'indigo' : 'gray'}
            size="compact-sm"
            h={32}
            px={{ base: 4, lg: 'sm' }}
            fw={500}
          >
            Home
          </Button>
          {[...navMenus, adminMenu].map((group) => {
            // Only the screens the employee's permissions open; a menu with none is left out.
            const items = group.items.filter((item) => mayOpen(item.to, session?.permissions));
            return items.length > 0 && <NavMenu key={group.label} group={{ ...group, items }} />;
          })}
          {/* The notes that @mentioned me (issue 40), with the unread count. */}
          <MentionsBadge />
          {/* The actions waiting for a second employee (issue 41), for approvers. */}
          {session?.permissions.includes('approvals.decide') && (
            <Suspense fallback={null}>
              <ApprovalsBadge />
            </Suspense>
          )}
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SearchBox />
        <Text fz="sm" c="dimmed" truncate maw={180} title={session?.name} visibleFrom="xl">
          {session?.email}
        </Text>
        <LogOutButton />
      </Group>
    </Group>
  );
}
