import { Link, useLocation } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { LogOutButton } from '../../features/auth/components/log-out-button.tsx';
import { MentionsBadge } from '../../features/notes/components/mentions-badge.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { useSession } from '../../lib/session.ts';
import { adminMenu, navMenus } from './nav-links.ts';
import { NavMenu } from './nav-menu.tsx';
import { mayOpen } from '../screen-access.ts';

// The navbar (spec 000 section 2): Home and the four menus; the search box, the employee and Log Out.
// The email hides on narrow screens (Log Out's tooltip still names the employee); below the lg
// breakpoint the menus (Mentions an @ sign) and the search box tighten so Log Out stays on screen
// down to 1024 px.
export function AppHeader() {
  const session = useSession();
  const { pathname } = useLocation();
  const onHome = pathname === '/';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Text
          component={Link}
          to="/"
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
