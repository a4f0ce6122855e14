import { Link } from 'react-router';
import { Anchor, Table, Text } from '@mantine/core';
import { DUTY_AUDIT_RULE_LABELS, type DutyAuditBreach } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { userPath } from '../../../lib/user-path.ts';

const RECORD_LABELS: Record<DutyAuditBreach['record'], string> = { message: 'Message', payment: 'Debit' };

// The breaches of a report, the earliest first: when, which record, whose, which duty and what the
// rule said at that moment. Each customer links to their user page.
export function DutyAuditTable({ breaches, caption }: { breaches: readonly DutyAuditBreach[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table withTableBorder striped captionSide="top" verticalSpacing="xs">
        <Table.Caption ta="left">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Record</Table.Th>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col">Duty</Table.Th>
            <Table.Th scope="col">What the rule said then</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {breaches.map((breach) => (
            <Table.Tr key={`${breach.record}-${breach.record_id}-${breach.rule}`}>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(breach.at)}
                </Text>
              </Table.Td>
              <Table.Th scope="row" fw={500}>
                <Text fz="sm">
                  {RECORD_LABELS[breach.record]} #{breach.record_id}
                  {breach.channel === 'debit' ? '' : ` (${breach.channel})`}
                </Text>
              </Table.Th>
              <Table.Td>
                {breach.customer_id === null ? (
                  <Text fz="sm">No customer</Text>
                ) : (
                  <Anchor component={Link} to={userPath(breach.customer_id)} fz="sm">
                    Customer {breach.customer_id}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{DUTY_AUDIT_RULE_LABELS[breach.rule]}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{breach.sentence}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
