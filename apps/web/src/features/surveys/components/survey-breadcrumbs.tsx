import { Link } from 'react-router';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';

export type Crumb = { label: string; to?: string };

// Home > Surveys > {survey} > {user}: the way back between the three survey screens. The last crumb
// is the screen itself, not a link.
export function SurveyBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <Box component="nav" aria-label="Breadcrumbs">
      <Breadcrumbs fz="sm">
        {crumbs.map((crumb, index) =>
          crumb.to && index < crumbs.length - 1 ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to}>
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} fz="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
