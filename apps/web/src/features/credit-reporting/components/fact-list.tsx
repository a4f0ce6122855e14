import type { ReactNode } from 'react';
import { Box, SimpleGrid, Text } from '@mantine/core';

export type Fact = { label: string; value: ReactNode };

// Labelled values as a description list, in columns.
export function FactList({ facts, cols = 3, label }: { facts: readonly Fact[]; cols?: number; label?: string }) {
  return (
    <Box component="dl" m={0} aria-label={label}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="md" verticalSpacing={6}>
        {facts.map((fact) => (
          <Box key={fact.label}>
            <Text component="dt" fz="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" fz="sm" m={0} style={{ wordBreak: 'break-word' }}>
              {fact.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
