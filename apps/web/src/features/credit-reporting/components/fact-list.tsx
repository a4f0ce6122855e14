import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';

export type Fact = { label: string; value: ReactNode };

// Labelled values as a description list, in columns. The dl itself is the grid, so each dt/dd pair
// sits in a div directly inside it (the only wrapper HTML allows there; a grid component's own div
// between them would leave every dt and dd outside a dl for assistive technology). Columns are at
// least 12rem wide and at most `cols` to a row, so a narrow card gets fewer without media queries.
export function FactList({ facts, cols = 3, label }: { facts: readonly Fact[]; cols?: number; label?: string }) {
  const gap = 'var(--mantine-spacing-md)';
  return (
    <Box
      component="dl"
      m={0}
      aria-label={label}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(max(12rem, calc((100% - ${cols - 1} * ${gap}) / ${cols})), 1fr))`,
        columnGap: gap,
        rowGap: 6,
      }}
    >
      {facts.map((fact) => (
        <div key={fact.label}>
          <Text component="dt" fz="xs" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" fz="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {fact.value}
          </Text>
        </div>
      ))}
    </Box>
  );
}
