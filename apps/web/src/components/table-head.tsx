import { Table } from '@mantine/core';

// The header row of a table whose columns are plain titles ('' for a column with none, such as a
// row's buttons).
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => (
          <Table.Th key={index}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
