import { useNavigate } from 'react-router';
import { Button, Table } from '@mantine/core';
import { formatNoticeDate, type NoticeListItem, type UnprocessedNoticesView } from '@portal/contracts';
import { DaysLeftBadge } from '../../../components/days-left-badge.tsx';
import { SortableTh } from '../../../components/sortable-th.tsx';
import { businessTimeZone } from '../../../lib/business-date.ts';
import { formatDate } from '../../../lib/format.ts';
import { bankruptcyPaths } from '../paths.ts';

export function customerName(notice: Pick<NoticeListItem, 'first_name' | 'last_name'>): string {
  const name = [notice.first_name, notice.last_name].filter(Boolean).join(' ').trim();
  return name === '' ? 'N/A' : name;
}

// The unprocessed notices (spec 001 section 2): ID, Customer, Received Date, a View button each;
// and the processing target with the business days left (decision 047). The spec's four columns
// keep their shares of what they hold together (15, 40, 20 and 25 %) beside the Due column's 28 %.
// Sorted by ID or received date from their headers (issue 40).
type Sort = UnprocessedNoticesView['sort'];
export function NoticesTable({
  notices,
  sort,
  onSort,
}: {
  notices: readonly NoticeListItem[];
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const navigate = useNavigate();
  const timeZone = businessTimeZone();
  return (
    <Table striped highlightOnHover withTableBorder layout="fixed" aria-label="Unresolved bankruptcy notices">
      <Table.Thead>
        <Table.Tr>
          <SortableTh w="10.8%" column="id" sort={sort} onSort={onSort}>
            ID
          </SortableTh>
          <Table.Th w="28.8%">Customer</Table.Th>
          <SortableTh w="14.4%" column="received" sort={sort} onSort={onSort}>
            Received Date
          </SortableTh>
          <Table.Th w="28%">Due</Table.Th>
          <Table.Th w="18%">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {notices.map((notice) => (
          <Table.Tr key={notice.id}>
            <Table.Td>{notice.id}</Table.Td>
            <Table.Td>{customerName(notice)}</Table.Td>
            <Table.Td>{formatNoticeDate(notice.received_date ?? notice.created_at, timeZone)}</Table.Td>
            <Table.Td>
              {formatDate(notice.due_on)} <DaysLeftBadge daysLeft={notice.days_left} kind={notice.days_kind} />
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                aria-label={`View notice ${notice.id}`}
                onClick={() => void navigate(bankruptcyPaths.notice(notice.id))}
              >
                View
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
