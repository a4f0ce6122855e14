import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';

type AuthCardProps = {
  title: string;
  description?: string;
  children: ReactNode;
};

// The centered card the signed-out screens sit in.
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Box w="100%" maw={420}>
        <Stack gap={4} align="center" mb="lg">
          <Text fw={700} c="indigo.7" tt="uppercase" fz="xs" lts={2}>
            The Portal
          </Text>
          <Title order={1} fz={26} ta="center">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm" ta="center">
              {description}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
