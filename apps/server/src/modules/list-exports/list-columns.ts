import type {
  DisputeListItem,
  ListExportName,
  NoticeListItem,
  StaffEmployee,
  SurveyUser,
  TicketSummary,
} from '@portal/contracts';
import type { CsvValue } from '../../platform/csv.ts';
import { maskLongNumbers } from './mask-numbers.ts';

// The columns of each list's CSV (issue 40): what its screen shows, with the words of its headers,
// values as the wire carries them (times ISO 8601 UTC, dates YYYY-MM-DD). No whole SSN or bank
// account number is in any list's rows; a customer's free text is masked (mask-numbers.ts).
export type CsvColumns<Row> = ReadonlyArray<readonly [header: string, value: (row: Row) => CsvValue]>;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

const disputeColumns: CsvColumns<DisputeListItem> = [
  ['ID', (row) => row.id],
  ['Customer Name', (row) => fullName(row.first_name, row.last_name)],
  ['User ID', (row) => row.user_id],
  ['Status', (row) => row.status],
  ['Assigned To', (row) => row.employee_name],
  ['Due Date', (row) => row.due_date],
  ['Overdue', (row) => yesNo(row.overdue)],
  ['Failed Attempts', (row) => row.failed_responses_count],
];

const noticeColumns: CsvColumns<NoticeListItem> = [
  ['ID', (row) => row.id],
  ['Customer', (row) => fullName(row.first_name, row.last_name)],
  ['Type', (row) => row.type],
  ['Status', (row) => row.status],
  ['Received Date', (row) => row.received_date],
  ['Due On', (row) => row.due_on],
  ['Days Left', (row) => row.days_left],
  ['Overdue', (row) => yesNo(row.overdue)],
];

const surveyUserColumns: CsvColumns<SurveyUser> = [
  ['User ID', (row) => row.id],
  ['First Name', (row) => row.first_name],
  ['Last Name', (row) => row.last_name],
  ['Answered At', (row) => row.answered_at],
];

const staffStatus = (row: StaffEmployee) => (!row.active ? 'Deactivated' : row.invited ? 'Invited' : 'Active');
const staffColumns: CsvColumns<StaffEmployee> = [
  ['ID', (row) => row.id],
  ['Name', (row) => row.name],
  ['Email', (row) => row.email],
  ['Roles', (row) => row.roles.join('; ')],
  ['MFA', (row) => row.mfa],
  ['Last Sign-in', (row) => row.last_sign_in_at],
  ['Sessions', (row) => row.active_sessions],
  ['Status', staffStatus],
];

const ticketColumns = (moved: 'Archived' | 'Escalated'): CsvColumns<TicketSummary> => [
  ['Ticket ID', (row) => row.id],
  ['User ID', (row) => row.user_id],
  ['Name', (row) => row.name],
  ['Channel', (row) => row.channel],
  ['Contact', (row) => row.contact],
  ['Subject', (row) => maskLongNumbers(row.subject)],
  ['Message', (row) => maskLongNumbers(row.preview)],
  ['Created At', (row) => row.created_at],
  [`${moved} At`, (row) => (moved === 'Archived' ? row.archived : row.escalated)],
  ['Escalated By', (row) => row.last_escalated_by],
];

export const listColumns = {
  unresolvedDisputes: disputeColumns,
  unprocessedNotices: noticeColumns,
  surveyUsers: surveyUserColumns,
  staff: staffColumns,
  archivedTickets: ticketColumns('Archived'),
  escalatedTickets: ticketColumns('Escalated'),
} satisfies Record<ListExportName, CsvColumns<never>>;
