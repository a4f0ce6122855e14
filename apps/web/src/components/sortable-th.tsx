import type { ReactNode } from 'react';
import { Table, UnstyledButton, type TableThProps } from '@mantine/core';
import { readSort } from '@portal/contracts';

type SortableThProps<Sort extends string> = Omit<TableThProps, 'children'> & {
  // The column this header sorts by, and the list's sort now ('due_date', '-due_date').
  column: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  // Dates and counts read best newest or largest first on the first click.
  descendingFirst?: boolean;
  children: ReactNode;
};

// A column header that sorts the list (issue 40): a button in the header, the arrow showing the
// direction, aria-sort telling a screen reader; the first click sorts by the column, the next
// turns it round.
export function SortableTh<Sort extends string>({
  column,
  sort,
  onSort,
  descendingFirst = false,
  children,
  ...props
}: SortableThProps<Sort>) {
  const current = readSort(sort);
  const active = current.column === column;
  const next = active ? (current.descending ? column : `-${column}`) : descendingFirst ? `-${column}` : column;
  return (
    <Table.Th aria-sort={active ? (current.descending ? 'descending' : 'ascending') : 'none'} {...props}>
      <UnstyledButton
        onClick={() => onSort(next as Sort)}
        fz="sm"
        fw={700}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 24 }}
      >
        {children}
        <span aria-hidden style={{ opacity: active ? 1 : 0.45, fontSize: 11 }}>
          {active ? (current.descending ? '▼' : '▲') : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
