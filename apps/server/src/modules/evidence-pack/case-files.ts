import { EMPTY_NOTICE_FIELDS, maskSsn, type NoticeFields } from '@portal/contracts';
import { toCsv, type CsvValue } from '../../platform/csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import { employeeLabel, type PackFile } from './pack-file.ts';

// Disputes (the customer's letters) and ACDVs (the bureaus' requests) with their answers, and the
// bankruptcy cases and the court notices they came from.

// A notice's fields as read from the court's PDF, without the debtors' SSNs (sealed in the row).
const NOTICE_FIELDS = (Object.keys(EMPTY_NOTICE_FIELDS) as Array<keyof NoticeFields>).filter(
  (field) => !field.endsWith('_ssn'),
);

export function caseFiles(record: EvidenceRecord): PackFile[] {
  const who = (id: number | null) => employeeLabel(record.employeeNames, id);
  return [
    {
      path: 'disputes/disputes.csv',
      section: 'disputes',
      description:
        "The customer's disputes (letters received), oldest first: when received and due, what was read from the letter, and the answer: response, when resolved and by whom, whether the consumer still disagrees, whether found frivolous and when they were told.",
      content: toCsv(
        [
          'dispute_id',
          'received_at',
          'due_date',
          'loan_id',
          'type',
          'first_name',
          'last_name',
          'street',
          'city',
          'state',
          'zip',
          'phone_number',
          'ssn',
          'sent_by_third_party',
          'contains_valid_3pa',
          'letter_file_name',
          'response_type',
          'resolved_at',
          'resolved_by',
          'consumer_disagrees',
          'frivolous_at',
          'frivolous_reason',
          'frivolous_notice_sent_at',
          'failed_responses',
          'latest_failed_response_error',
          'uploaded_by',
        ],
        record.disputes.map((dispute) => ({
          dispute_id: dispute.id,
          received_at: dispute.receivedAt,
          due_date: dispute.dueDate,
          loan_id: dispute.loanId,
          type: dispute.type,
          first_name: dispute.firstName,
          last_name: dispute.lastName,
          street: dispute.street,
          city: dispute.city,
          state: dispute.state,
          zip: dispute.zip,
          phone_number: dispute.phoneNumber,
          ssn: maskSsn(dispute.ssnLast4),
          sent_by_third_party: dispute.sentByThirdParty,
          contains_valid_3pa: dispute.containsValid3pa,
          letter_file_name: dispute.fileName,
          response_type: dispute.responseType,
          resolved_at: dispute.resolvedAt,
          resolved_by: who(dispute.resolvedBy),
          consumer_disagrees: dispute.consumerDisagrees,
          frivolous_at: dispute.frivolousAt,
          frivolous_reason: dispute.frivolousReason,
          frivolous_notice_sent_at: dispute.frivolousNoticeSentAt,
          failed_responses: dispute.failedResponsesCount,
          latest_failed_response_error: dispute.latestFailedResponseError,
          uploaded_by: who(dispute.createdBy),
        })),
      ),
      records: record.disputes.length,
    },
    {
      path: 'disputes/acdv-requests.csv',
      section: 'disputes',
      description:
        "The credit bureaus' ACDV requests about the customer or their loans, oldest first: the dispute code, dates, the consumer and account as the bureau sent them (JSON), and the answer: response code, each field's verification, the account as reported, when and by whom, and the response file it went in.",
      content: toCsv(
        [
          'acdv_id',
          'control_number',
          'dispute_code',
          'received_on',
          'response_due_on',
          'consumer_info_added_on',
          'loan_id',
          'ssn',
          'consumer',
          'account',
          'response_code',
          'response_verification',
          'responded_account',
          'responded_at',
          'responded_by',
          'consumer_disagrees',
          'processed_at',
          'response_file_id',
          'source_file',
          'imported_by',
        ],
        record.acdvs.map((acdv) => ({
          acdv_id: acdv.id,
          control_number: acdv.controlNumber,
          dispute_code: acdv.disputeCode,
          received_on: acdv.receivedOn,
          response_due_on: acdv.responseDueOn,
          consumer_info_added_on: acdv.consumerInfoAddedOn,
          loan_id: acdv.loanId,
          ssn: maskSsn(acdv.ssnLast4),
          consumer: acdv.consumer,
          account: acdv.account,
          response_code: acdv.responseCode,
          response_verification: acdv.responseVerification,
          responded_account: acdv.respondedAccount,
          responded_at: acdv.respondedAt,
          responded_by: who(acdv.respondedBy),
          consumer_disagrees: acdv.consumerDisagrees,
          processed_at: acdv.processedAt,
          response_file_id: acdv.responseFileId,
          source_file: acdv.sourceFile,
          imported_by: who(acdv.importedBy),
        })),
      ),
      records: record.acdvs.length,
    },
    {
      path: 'bankruptcy/cases.csv',
      section: 'bankruptcy',
      description:
        "The customer's bankruptcy cases as recorded: chapter, court, the dates of filing, discharge, dismissal, conversion and plan confirmation, and the Metro 2 consumer information indicator they imply.",
      content: toCsv(
        [
          'case_number',
          'chapter',
          'court_district',
          'filed_on',
          'discharged_on',
          'dismissed_on',
          'converted_on',
          'plan_confirmed_on',
          'consumer_information_indicator',
          'last_notice_id',
          'recorded_at',
          'updated_at',
        ],
        record.bankruptcies.map((row) => ({
          case_number: row.caseNumber,
          chapter: row.chapter,
          court_district: row.courtDistrict,
          filed_on: row.filedOn,
          discharged_on: row.dischargedOn,
          dismissed_on: row.dismissedOn,
          converted_on: row.convertedOn,
          plan_confirmed_on: row.planConfirmedOn,
          consumer_information_indicator: row.consumerInformationIndicator,
          last_notice_id: row.lastNoticeId,
          recorded_at: row.createdAt,
          updated_at: row.updatedAt,
        })),
      ),
      records: record.bankruptcies.length,
    },
    {
      path: 'bankruptcy/notices.csv',
      section: 'bankruptcy',
      description:
        "The court notices matched to the customer, oldest first: type, file, what was read from it (debtors' SSNs left out), how the customer was matched, and when and by whom it was processed.",
      content: toCsv(
        [
          'notice_id',
          'type',
          'source',
          'file_name',
          'received_at',
          'uploaded_by',
          'customer_match',
          'processed_at',
          'processed_by',
          'has_text',
          ...NOTICE_FIELDS,
        ],
        record.notices.map((notice) => {
          const parsed = (notice.parsedData ?? {}) as Partial<Record<keyof NoticeFields, CsvValue>>;
          return {
            notice_id: notice.id,
            type: notice.type,
            source: notice.noticeSource,
            file_name: notice.fileName,
            received_at: notice.createdAt,
            uploaded_by: who(notice.createdBy),
            customer_match: notice.customerMatch,
            processed_at: notice.processedAt,
            processed_by: who(notice.processedBy),
            has_text: notice.hasText,
            ...(Object.fromEntries(NOTICE_FIELDS.map((field) => [field, parsed[field] ?? null])) as Record<
              keyof NoticeFields,
              CsvValue
            >),
          };
        }),
      ),
      records: record.notices.length,
    },
  ];
}
