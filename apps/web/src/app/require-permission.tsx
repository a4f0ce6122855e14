import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { permissionRefusal } from '@portal/contracts';
import { useSession } from '../lib/session.ts';
import { mayOpen, screenAccess } from './screen-access.ts';

// A screen for the holders of its permission (screen-access.ts); everyone else gets one page that
// says so, the same on every such screen.
export function RequirePermission({ screen, children }: { screen: string; children: ReactNode }) {
  const session = useSession();
  if (mayOpen(screen, session?.permissions)) return children;
  const [first] = screenAccess[screen] ?? [];
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz="h2">
          Not available to you
        </Title>
        {first && <Text>{permissionRefusal(first)}</Text>}
        <Text c="gray.7" fz="sm">
          A staff administrator can give you the role if your work needs it.
        </Text>
        <Button component={Link} to="/" variant="light">
          Go to Home
        </Button>
      </Stack>
    </Container>
  );
}
