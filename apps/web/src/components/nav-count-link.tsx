import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Box, Button, Indicator } from '@mantine/core';

type NavCountLinkProps = {
  to: string;
  // The word it shows on wide screens, which its name starts with, so speech control finds it.
  word: string;
  // What the count counts, after it in the name: "3 unread", "2 waiting".
  counted: string;
  count: number;
  icon: ReactNode;
};

// A navbar link to an inbox with how many items wait in it (Mentions, Approvals): the count on its
// corner, said in words in its name; on narrower screens its icon stands for the word
// (app.css, .nav-wide-label).
export function NavCountLink({ to, word, counted, count, icon }: NavCountLinkProps) {
  const here = useLocation().pathname === to;
  const shown = count > 99 ? '99+' : String(count);
  const label = count === 0 ? word : `${word}, ${shown} ${counted}`;
  return (
    <Indicator
      label={<span aria-hidden="true">{shown}</span>}
      disabled={count === 0}
      color="red.8"
      size={18}
      offset={4}
      zIndex={2}
    >
      <Button
        component={Link}
        to={to}
        aria-label={label}
        title={label}
        variant={here ? 'light' : 'subtle'}
        color={here ? 'indigo' : 'gray'}
        size="compact-sm"
        h={32}
        px={{ base: 4, lg: 'sm' }}
        fw={500}
      >
        {icon}
        <Box component="span" className="nav-wide-label" ml={6}>
          {word}
        </Box>
      </Button>
    </Indicator>
  );
}
