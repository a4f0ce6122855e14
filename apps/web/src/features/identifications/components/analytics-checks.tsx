import { Badge, Table } from '@mantine/core';
import type { AnalyticsCheck } from '@portal/contracts';
import { TableHead } from '../../../components/table-head.tsx';

type AnalyticsChecksProps = {
  aggregate: AnalyticsCheck;
  checks: readonly AnalyticsCheck[];
};

function CheckRow({ check, overall }: { check: AnalyticsCheck; overall: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={overall ? 700 : 500}>
        {check.name}
      </Table.Th>
      <Table.Td>
        <Badge color={check.pass ? 'green' : 'red'} variant="light">
          {check.pass ? 'Pass' : 'Fail'}
        </Badge>
      </Table.Td>
      <Table.Td>{check.reason}</Table.Td>
    </Table.Tr>
  );
}

// The document analytics: the overall verdict first, then each named check with its reason.
export function AnalyticsChecks({ aggregate, checks }: AnalyticsChecksProps) {
  return (
    <Table aria-label="Analytics checks" withTableBorder fz="sm" verticalSpacing={4}>
      <TableHead columns={['Check', 'Result', 'Reason']} />
      <Table.Tbody>
        <CheckRow check={aggregate} overall />
        {checks.map((check) => (
          <CheckRow key={check.name} check={check} overall={false} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
