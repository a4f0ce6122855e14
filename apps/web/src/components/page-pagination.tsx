import { Button, Group, Text } from '@mantine/core';
import { pageWindow } from '@portal/contracts';

type PagePaginationProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
};

// Previous, the page buttons of spec 001 section 9 (every page up to 7, else first, last and two
// either side of the current one, with ellipses), Next. Nothing for a single page.
export function PagePagination({ page, totalPages, onChange }: PagePaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label="Pages" gap={4} justify="center">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, totalPages).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="xs"
            variant={item === page ? 'filled' : 'default'}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => item !== page && onChange(item)}
          >
            {item}
          </Button>
        ) : (
          <Text key={item} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ),
      )}
      <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
