import { z } from 'zod';
import { defineCall, FILE_RESPONSE, needs } from './call.ts';
import { DEBIT_DUTIES } from './rules/debit-door.ts';
import { bigDatabaseIdSchema } from './primitives.ts';

// The ACH files (issue 41, decision 068): built by POST ach/files, listed, downloaded to send to the
// bank. Every call needs payments.ach_files and is audited.

export const achFileSchema = z.object({
  id: z.number(),
  status: z.enum(['building', 'ready']),
  file_name: z.string(),
  // The business day the file goes to the bank, and the day its entries settle (YYYY-MM-DD).
  processing_date: z.string(),
  effective_date: z.string(),
  debit_count: z.number(),
  credit_count: z.number(),
  // Dollars.
  total_debits: z.number(),
  total_credits: z.number(),
  entry_hash: z.string().nullable(),
  // The debits the door kept out, and why (achRefusalSchema).
  refused_count: z.number(),
  sha256: z.string().nullable(),
  built_by: z.string().nullable(),
  started_at: z.string(),
  ready_at: z.string().nullable(),
});
export type AchFile = z.infer<typeof achFileSchema>;

export const achRefusalSchema = z.object({
  payment_id: z.number(),
  loan_id: z.number(),
  duty: z.enum(DEBIT_DUTIES),
  sentence: z.string(),
});
export type AchRefusal = z.infer<typeof achRefusalSchema>;

// The first refusals a build answers with; the rest are kept with the file.
export const ACH_REFUSALS_SHOWN = 200;

export const buildAchFileResponseSchema = z.object({
  message: z.string(),
  file: achFileSchema,
  refusals: z.array(achRefusalSchema),
});
export type BuildAchFileResponse = z.infer<typeof buildAchFileResponseSchema>;

export const achFilesResponseSchema = z.object({ files: z.array(achFileSchema) });
export type AchFilesResponse = z.infer<typeof achFilesResponseSchema>;

export const achFileIdParamsSchema = z.object({ id: bigDatabaseIdSchema });

export const achCalls = {
  buildFile: defineCall({
    method: 'POST',
    path: 'ach/files',
    access: needs('payments.ach_files'),
    response: buildAchFileResponseSchema,
  }),
  listFiles: defineCall({
    method: 'GET',
    path: 'ach/files',
    access: needs('payments.ach_files'),
    response: achFilesResponseSchema,
  }),
  // The NACHA text, as the bank takes it.
  downloadFile: defineCall({
    method: 'GET',
    path: 'ach/files/:id',
    access: needs('payments.ach_files'),
    params: achFileIdParamsSchema,
    response: FILE_RESPONSE,
  }),
};
