import { Link, useLocation } from 'react-router';
import { Button, Menu } from '@mantine/core';
import type { NavMenuGroup } from './nav-links.ts';

function Chevron() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function NavMenu({ group }: { group: NavMenuGroup }) {
  const { pathname } = useLocation();
  const active = group.items.some((item) => isActive(pathname, item.to));
  return (
    <Menu position="bottom-start" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <Button
          variant={active ? 'light' : 'subtle'}
          color={active ? 'indigo' : 'gray'}
          size="compact-sm"
          h={32}
          px={{ base: 4, lg: 'sm' }}
          fw={500}
          rightSection={<Chevron />}
        >
          {group.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {group.items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
