import { z } from 'zod';
import { defineCall, FILE_RESPONSE, fillCallPath, needs } from './call.ts';
import { API_BASE_PATH } from './constants.ts';
import { dayKindSchema } from './deadlines.ts';
import { bigDatabaseIdSchema, successResponseSchema, uploadFailureSchema } from './primitives.ts';
import { NOTICE_STATUSES, NOTICE_TYPE_VALUES } from './rules/bankruptcy-notice-form.ts';
import { listOption, listPageSchema, listSort } from './rules/list-view.ts';
import { listExportCall } from './list-export-call.ts';

// The bankruptcy dashboard (spec 001 sections 2, 3, 7): court notices uploaded as PDFs, read into
// parsed_data, corrected by the employee holding the notice and processed onto the customer.

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters.`)
    .nullish()
    .transform((text) => (text ? text : null));

// The chapter, 7 or 13 (spec 001 sections 3 and 5): taken as the JSON number 7 as well as the text
// "7", and kept as text like the other fields (whether it is 7 or 13 is the form's rule, checked on
// Process Notice, so a draft can be saved).
const BANKRUPTCY_TYPE_HINT = 'The bankruptcy type is 7 or 13.';
const bankruptcyType = z
  .union(
    [
      z.number().int(BANKRUPTCY_TYPE_HINT).min(0, BANKRUPTCY_TYPE_HINT).max(99, BANKRUPTCY_TYPE_HINT),
      z.string().trim().max(2, 'must be at most 2 characters.'),
    ],
    { error: BANKRUPTCY_TYPE_HINT },
  )
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));

export const parsedDataSchema = z.object({
  case_number: nullableText(40),
  court_district: nullableText(8),
  b_type: bankruptcyType,
  debtor_name: nullableText(200),
  debtor_ssn: nullableText(20),
  joint_debtor_name: nullableText(200),
  joint_debtor_ssn: nullableText(20),
  filed: nullableText(10),
  discharged: nullableText(10),
  dismissed: nullableText(10),
  converted: nullableText(10),
  plan_confirmed: nullableText(10),
  notice_date: nullableText(10),
});
export type ParsedData = z.output<typeof parsedDataSchema>;

// The customer the notice is about: found by the debtor's SSN (and name), or chosen by staff.
export const noticeCustomerSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  ssn_last_four: z.string().nullable(),
  // 'ssn' (the whole number, compared through the SSN door: only for an uploader holding
  // customers.reveal_ssn), 'ssn_last4_and_name', 'staff'.
  match: z.string(),
  open_loan_ids: z.array(z.number()),
});
export type NoticeCustomer = z.infer<typeof noticeCustomerSchema>;

export const bankruptcyNoticeSchema = z.object({
  id: z.number(),
  status: z.enum(NOTICE_STATUSES),
  employee_id: z.number().nullable(),
  employee_name: z.string().nullable(),
  notice_source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  processed_at: z.string().nullable(),
  attachment_url: z.string(),
  file_name: z.string(),
  type: z.string(),
  // False for a scanned PDF: nothing could be read from it.
  has_text: z.boolean(),
  parsed_data: parsedDataSchema,
  customer: noticeCustomerSchema.nullable(),
});
export type BankruptcyNotice = z.infer<typeof bankruptcyNoticeSchema>;

export const noticeListItemSchema = z.object({
  id: z.number(),
  status: z.enum(NOTICE_STATUSES),
  employee_id: z.number().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  created_at: z.string(),
  received_date: z.string().nullable(),
  type: z.string(),
  // Our processing target (decision 047): business days after the day it came; days_left negative once overdue.
  due_on: z.string(),
  days_left: z.number(),
  days_kind: dayKindSchema,
  overdue: z.boolean(),
});
export type NoticeListItem = z.infer<typeof noticeListItemSchema>;
// The unprocessed list's view (issue 40): who holds them, only the overdue ones, the order. The
// screen keeps it in its URL; GET bankruptcy_notices/unprocessed and its CSV export read the same.
export const NOTICE_LIST_SORT_COLUMNS = ['received', 'id'] as const;
export const unprocessedNoticesFiltersSchema = z.object({
  status: listOption('The status', ['all', 'ready_for_assignment', 'assigned'], 'all'),
  due: listOption('The due filter', ['all', 'overdue'], 'all'),
  sort: listSort(NOTICE_LIST_SORT_COLUMNS, 'received'),
});
// Its CSV export (decision 060).
export const unprocessedNoticesExportCall = listExportCall('unprocessed_notices', unprocessedNoticesFiltersSchema);
export type UnprocessedNoticesFilters = z.output<typeof unprocessedNoticesFiltersSchema>;
export const unprocessedNoticesViewSchema = unprocessedNoticesFiltersSchema.extend({ page: listPageSchema });
export type UnprocessedNoticesView = z.output<typeof unprocessedNoticesViewSchema>;

export const unprocessedNoticesResponseSchema = z.object({
  notices: z.array(noticeListItemSchema),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_count: z.number() }),
});
export type UnprocessedNoticesResponse = z.infer<typeof unprocessedNoticesResponseSchema>;

export const createNoticesResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  notices: z.array(z.object({ id: z.number(), file_name: z.string(), has_text: z.boolean() })),
  failed_files: z.array(uploadFailureSchema),
  errors: z.array(z.string()),
});
export type CreateNoticesResponse = z.infer<typeof createNoticesResponseSchema>;

export const noticeIdParamsSchema = z.object({ id: bigDatabaseIdSchema });
export const noticeAnswerSchema = z.object({ message: z.string(), notice: bankruptcyNoticeSchema });
export type NoticeAnswer = z.infer<typeof noticeAnswerSchema>;

export const updateNoticeBodySchema = z.object({
  notice: z
    .object({
      parsed_data: parsedDataSchema,
      type: z.enum(NOTICE_TYPE_VALUES, { error: 'Choose a notice type from the list.' }),
      // The customer the notice is about, when staff choose one; null clears the match.
      user_id: bigDatabaseIdSchema.nullish(),
    })
    .strict(),
});
export type UpdateNoticeBody = z.input<typeof updateNoticeBodySchema>;

export const processNoticeResponseSchema = noticeAnswerSchema.extend({
  // What processing recorded on the customer: the indicator, the loans whose automatic debits stopped.
  consequences: z.object({
    customer_id: z.number().nullable(),
    consumer_information_indicator: z.string().nullable(),
    auto_debit_stopped_loan_ids: z.array(z.number()),
  }),
});
export type ProcessNoticeResponse = z.infer<typeof processNoticeResponseSchema>;

export const bankruptcyNoticeCalls = {
  // multipart/form-data: files[] repeated, PDFs only. Each file becomes one notice, read as it comes.
  // The bankruptcy desk's (issue 37): the debtors are matched to customers by their SSN, so whoever
  // uploads chooses the numbers compared (the SSN door still decides whether a whole one is).
  createNotices: defineCall({
    method: 'POST',
    path: 'bankruptcy_notices/create_notices',
    access: needs('bankruptcy.create_notices'),
    response: createNoticesResponseSchema,
  }),
  unprocessedNotices: defineCall({
    method: 'GET',
    path: 'bankruptcy_notices/unprocessed',
    access: 'signedIn',
    query: unprocessedNoticesViewSchema,
    response: unprocessedNoticesResponseSchema,
  }),
  // The next unprocessed notice, oldest first.
  assignNextNotice: defineCall({
    method: 'PATCH',
    path: 'bankruptcy_notices/assign',
    access: 'signedIn',
    response: z.object({ notice: z.object({ id: z.number() }) }),
  }),
  assignNotice: defineCall({
    method: 'PATCH',
    path: 'bankruptcy_notices/:id/assign',
    access: 'signedIn',
    params: noticeIdParamsSchema,
    response: z.object({ notice: z.object({ id: z.number() }) }),
  }),
  unassignNotice: defineCall({
    method: 'PATCH',
    path: 'bankruptcy_notices/:id/unassign',
    access: 'signedIn',
    params: noticeIdParamsSchema,
    response: successResponseSchema,
  }),
  getNotice: defineCall({
    method: 'GET',
    path: 'bankruptcy_notices/:id',
    access: 'signedIn',
    params: noticeIdParamsSchema,
    response: z.object({ notice: bankruptcyNoticeSchema }),
  }),
  updateNotice: defineCall({
    method: 'PATCH',
    path: 'bankruptcy_notices/:id',
    access: 'signedIn',
    params: noticeIdParamsSchema,
    body: updateNoticeBodySchema,
    response: noticeAnswerSchema,
  }),
  processNotice: defineCall({
    method: 'POST',
    path: 'bankruptcy_notices/:id/process_notice',
    access: 'signedIn',
    params: noticeIdParamsSchema,
    response: processNoticeResponseSchema,
  }),
  noticeDocument: defineCall({
    method: 'GET',
    path: 'bankruptcy_notices/:id/document',
    access: 'signedIn',
    params: noticeIdParamsSchema,
    response: FILE_RESPONSE,
  }),
};

export const noticeDocumentUrl = (id: number) =>
  `${API_BASE_PATH}/${fillCallPath(bankruptcyNoticeCalls.noticeDocument.path, { id })}`;
