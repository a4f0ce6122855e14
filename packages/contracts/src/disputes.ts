import { z } from 'zod';
import { defineCall, FILE_RESPONSE, fillCallPath } from './call.ts';
import { API_BASE_PATH } from './constants.ts';
import {
  bigDatabaseIdSchema,
  int32Schema,
  requiredText,
  successResponseSchema,
  uploadFailureSchema,
} from './primitives.ts';
import { postalAddressFields } from './postal-address.ts';
import {
  DISPUTE_RESPONSE_API_VALUES,
  DISPUTE_STATUSES,
  DISPUTE_TYPE_VALUES,
  ZIP_PATTERN,
  usDateToIso,
} from './rules/dispute-form.ts';
import { isUsStateCode } from './reference/us-states.ts';
import { listOption, listPageSchema, listSort } from './rules/list-view.ts';
import { unvalidatedSsnDigits } from './rules/ssn.ts';
import { listExportCall } from './list-export-call.ts';

// The disputes dashboard (spec 001 sections 2, 3, 7): consumer dispute letters uploaded as PDFs,
// worked one at a time by the employee who holds the assignment, resolved with a response type.

export const disputeSchema = z.object({
  id: z.number(),
  status: z.enum(DISPUTE_STATUSES),
  employee_id: z.number().nullable(),
  employee_name: z.string().nullable(),
  // When the letter was uploaded, and the day it reached us (the 30 days run from it, issue 39).
  received_at: z.string(),
  letter_received_on: z.string(),
  due_date: z.string(),
  // Past its due date and not resolved.
  overdue: z.boolean(),
  // The document (GET disputes_dashboard/:id/document), fetched with the bearer header.
  dispute_url: z.string(),
  file_name: z.string(),
  user_id: z.number().nullable(),
  loan_id: z.number().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  ...postalAddressFields,
  type: z.string().nullable(),
  sent_by_third_party: z.boolean().nullable(),
  contains_valid_3pa: z.boolean().nullable(),
  phone_number: z.string().nullable(),
  ssn_last_four: z.string().nullable(),
  failed_responses_count: z.number(),
  latest_failed_response_error: z.string().nullable(),
  response_type: z.string().nullable(),
  resolved_at: z.string().nullable(),
  // Resolved with the consumer still disagreeing: the loan is reported XC (decision 049).
  consumer_disagrees: z.boolean(),
  // Found frivolous or irrelevant (decision 047): when, and when the notice to the consumer went.
  frivolous_at: z.string().nullable(),
  frivolous_notice_sent_at: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeListItemSchema = disputeSchema.pick({
  id: true,
  status: true,
  employee_id: true,
  employee_name: true,
  due_date: true,
  overdue: true,
  first_name: true,
  last_name: true,
  user_id: true,
  failed_responses_count: true,
});
export type DisputeListItem = z.infer<typeof disputeListItemSchema>;

// The unresolved list's view (issue 40): who holds them, only the overdue ones, the order. The
// screen keeps it in its URL; GET unresolved_disputes and its CSV export read the same fields.
export const DISPUTE_LIST_SORT_COLUMNS = ['due_date', 'id'] as const;
export const unresolvedDisputesFiltersSchema = z.object({
  status: listOption('The status', ['all', 'unresolved', 'assigned'], 'all'),
  due: listOption('The due filter', ['all', 'overdue'], 'all'),
  sort: listSort(DISPUTE_LIST_SORT_COLUMNS, 'due_date'),
});
// Its CSV export (decision 060).
export const unresolvedDisputesExportCall = listExportCall('unresolved_disputes', unresolvedDisputesFiltersSchema);
export type UnresolvedDisputesFilters = z.output<typeof unresolvedDisputesFiltersSchema>;
export const unresolvedDisputesViewSchema = unresolvedDisputesFiltersSchema.extend({ page: listPageSchema });
export type UnresolvedDisputesView = z.output<typeof unresolvedDisputesViewSchema>;

export const unresolvedDisputesResponseSchema = z.object({
  disputes: z.array(disputeListItemSchema),
  meta: z.object({ current_page: z.number(), total_pages: z.number(), total_disputes: z.number() }),
});
export type UnresolvedDisputesResponse = z.infer<typeof unresolvedDisputesResponseSchema>;

export const createDisputesResponseSchema = z.object({
  created_disputes: z.array(z.object({ id: z.number(), file_name: z.string() })),
  failed_files: z.array(uploadFailureSchema),
  message: z.string(),
});
export type CreateDisputesResponse = z.infer<typeof createDisputesResponseSchema>;

export const disputeIdBodySchema = z.object({ id: bigDatabaseIdSchema });
export const assignDisputeBodySchema = z.object({ id: bigDatabaseIdSchema.optional() });
export type AssignDisputeBody = z.input<typeof assignDisputeBodySchema>;
export const assignDisputeResponseSchema = z.object({ success: z.boolean(), dispute_id: z.number() });
export type AssignDisputeResponse = z.infer<typeof assignDisputeResponseSchema>;

// Absent stays absent (undefined: the field is left as it is); null or blank clears it (null).
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters.`)
    .nullish()
    .transform((text) => (text === undefined ? undefined : text || null));
const isBlank = (text: string | null | undefined): text is null | undefined => (text ?? null) === null;

// What update_dispute may change. Empty text clears a field; an absent one stays as it is.
export const disputeChangesSchema = z
  .object({
    user_id: bigDatabaseIdSchema.nullish(),
    loan_id: bigDatabaseIdSchema.nullish(),
    first_name: optionalText(100),
    last_name: optionalText(100),
    street: optionalText(200),
    city: optionalText(100),
    state: optionalText(2).refine((text) => isBlank(text) || isUsStateCode(text), 'Choose a state from the list.'),
    zip: optionalText(10).refine(
      (text) => isBlank(text) || ZIP_PATTERN.test(text),
      'ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).',
    ),
    type: z.enum(DISPUTE_TYPE_VALUES, { error: 'Choose a dispute type from the list.' }).nullish(),
    sent_by_third_party: z.boolean().nullish(),
    contains_valid_3pa: z.boolean().nullish(),
    // Normalised: the 10 digits of a US phone number.
    phone_number: optionalText(20).refine(
      (text) => isBlank(text) || /^\d{10}$/.test(text.replace(/[\s().+-]/g, '').replace(/^1(?=\d{10}$)/, '')),
      'A phone number has 10 digits.',
    ),
    // Normalised: nine digits; only the last four are kept.
    full_ssn: optionalText(20).refine(
      (text) => isBlank(text) || unvalidatedSsnDigits(text) !== null,
      'An SSN is 9 digits, e.g. 123-45-6789.',
    ),
  })
  .strict();
export type DisputeChanges = z.input<typeof disputeChangesSchema>;
export const updateDisputeBodySchema = z.object({ id: bigDatabaseIdSchema, dispute: disputeChangesSchema });
export type UpdateDisputeBody = z.input<typeof updateDisputeBodySchema>;
export const disputeAnswerSchema = z.object({ message: z.string(), dispute: disputeSchema });
export type DisputeAnswer = z.infer<typeof disputeAnswerSchema>;

export const resolveDisputeBodySchema = z.object({
  id: bigDatabaseIdSchema,
  // Checked by the service, so a missing or unknown type gets the spec's sentence.
  response_type: z.string().max(100).nullish(),
  // The investigation is complete and the consumer still disagrees: the loan is reported XC.
  consumer_disagrees: z.boolean({ error: 'consumer_disagrees is true or false.' }).optional(),
  // The dispute was resolved in the consumer's favour: the corrected loan goes to the credit
  // bureaus in the next Metro 2 correction file (a Resend adjustment). Decision 049.
  in_consumers_favour: z.boolean({ error: 'in_consumers_favour is true or false.' }).optional(),
});
export type ResolveDisputeBody = z.input<typeof resolveDisputeBodySchema>;
export { DISPUTE_RESPONSE_API_VALUES };

// search/user_search: the criteria as typed (formats of spec 001 section 5), checked by the
// shared rule (userSearchProblem) on both sides.
const searchText = z.string().trim().max(200).optional();
export const disputeUserSearchQuerySchema = z.object({
  user_id: searchText,
  loan_id: searchText,
  ssn: searchText,
  first_name: searchText,
  last_name: searchText,
  dob: searchText,
  ssn_last_four: searchText,
  phone_number: searchText,
  email: searchText,
  street: searchText,
  city: searchText,
  state: searchText,
  zip: searchText,
  page: int32Schema({ min: 1 }).default(1),
});
export type DisputeUserSearchQuery = z.input<typeof disputeUserSearchQuerySchema>;

export const disputeUserResultSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string().nullable(),
  ssn_last_four: z.string().nullable(),
  email: z.string(),
  phone_number: z.string().nullable(),
  address: z.object(postalAddressFields),
  active_loan_id: z.number().nullable(),
  other_funded_loan_ids: z.array(z.number()),
});
export type DisputeUserResult = z.infer<typeof disputeUserResultSchema>;
export const disputeUserSearchResponseSchema = z.object({
  results: z.array(disputeUserResultSchema),
  meta: z.object({
    current_page: z.number(),
    total_pages: z.number(),
    total_count: z.number(),
    search_type: z.enum(['primary', 'secondary']),
  }),
});
export type DisputeUserSearchResponse = z.infer<typeof disputeUserSearchResponseSchema>;

export const disputeIdParamsSchema = z.object({ id: bigDatabaseIdSchema });

// The frivolous or irrelevant determination of a direct dispute and the notice that answers it
// (issue 30, decision 047).
export const markFrivolousBodySchema = z.object({
  id: bigDatabaseIdSchema,
  reason: requiredText(
    'Say why the dispute is frivolous or irrelevant.',
    1000,
    'The reason can be at most 1000 characters.',
  ),
});
export type MarkFrivolousBody = z.input<typeof markFrivolousBodySchema>;
export const frivolousNoticeSentBodySchema = z.object({ id: bigDatabaseIdSchema });
export type FrivolousNoticeSentBody = z.input<typeof frivolousNoticeSentBodySchema>;
export const frivolousDisputeResponseSchema = z.object({
  message: z.string(),
  id: z.number(),
  frivolous_at: z.string(),
  frivolous_reason: z.string(),
  // The notice's deadline (5 business days after the determination), and when it was sent.
  notice_due_on: z.string(),
  notice_sent_at: z.string().nullable(),
});
export type FrivolousDisputeResponse = z.infer<typeof frivolousDisputeResponseSchema>;

export const disputeCalls = {
  // multipart/form-data: files (or files[]) repeated, PDFs only. Each file becomes one dispute.
  createDisputes: defineCall({
    method: 'POST',
    path: 'disputes_dashboard/create_disputes',
    access: 'signedIn',
    response: createDisputesResponseSchema,
  }),
  unresolvedDisputes: defineCall({
    method: 'GET',
    path: 'disputes_dashboard/unresolved_disputes',
    access: 'signedIn',
    query: unresolvedDisputesViewSchema,
    response: unresolvedDisputesResponseSchema,
  }),
  // With an id: that dispute (or the caller's lease on it renewed); without: the next unresolved one.
  assignDispute: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/assign_dispute',
    access: 'signedIn',
    body: assignDisputeBodySchema,
    response: assignDisputeResponseSchema,
  }),
  disputeDetails: defineCall({
    method: 'GET',
    path: 'disputes_dashboard/dispute_details',
    access: 'signedIn',
    query: disputeIdParamsSchema,
    response: z.object({ dispute: disputeSchema }),
  }),
  unassignDispute: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/unassign_dispute',
    access: 'signedIn',
    body: disputeIdBodySchema,
    response: successResponseSchema,
  }),
  updateDispute: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/update_dispute',
    access: 'signedIn',
    body: updateDisputeBodySchema,
    response: disputeAnswerSchema,
  }),
  resolveDispute: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/resolve_dispute',
    access: 'signedIn',
    body: resolveDisputeBodySchema,
    response: disputeAnswerSchema,
  }),
  // The holder of the dispute finds it frivolous or irrelevant (12 CFR 1022.43(f)).
  markDisputeFrivolous: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/mark_frivolous',
    access: 'signedIn',
    body: markFrivolousBodySchema,
    response: frivolousDisputeResponseSchema,
  }),
  // Staff record that the notice of the determination went to the consumer.
  frivolousNoticeSent: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/frivolous_notice_sent',
    access: 'signedIn',
    body: frivolousNoticeSentBodySchema,
    response: frivolousDisputeResponseSchema,
  }),
  userSearch: defineCall({
    method: 'GET',
    path: 'disputes_dashboard/search/user_search',
    access: 'signedIn',
    query: disputeUserSearchQuerySchema,
    response: disputeUserSearchResponseSchema,
  }),
  disputeDocument: defineCall({
    method: 'GET',
    path: 'disputes_dashboard/:id/document',
    access: 'signedIn',
    params: disputeIdParamsSchema,
    response: FILE_RESPONSE,
  }),
};

export const disputeDocumentUrl = (id: number) =>
  `${API_BASE_PATH}/${fillCallPath(disputeCalls.disputeDocument.path, { id })}`;

// MM/DD/YYYY of the search form -> YYYY-MM-DD for the database.
export { usDateToIso };
