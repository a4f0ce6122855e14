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

// A return file imported (POST ach/returns): what came of each return the bank sent back.
export const achReturnFileSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  sha256: z.string(),
  // The file's date: the day its returns are recorded on.
  returned_on: z.string(),
  return_count: z.number(),
  applied_count: z.number(),
  // Returns of entries a file already recorded (nothing changed for them).
  already_count: z.number(),
  unknown_count: z.number(),
  refused_count: z.number(),
  problem_count: z.number(),
  imported_by: z.string().nullable(),
  imported_at: z.string(),
});
export type AchReturnFile = z.infer<typeof achReturnFileSchema>;

// Each list is cut at this many; the counts are whole.
export const ACH_RETURN_ROWS_SHOWN = 1000;

export const achReturnsResponseSchema = z.object({
  message: z.string(),
  // True when this very file was imported before: nothing changed.
  already_imported: z.boolean(),
  file: achReturnFileSchema,
  applied: z.array(
    z.object({
      line: z.number(),
      trace_number: z.string(),
      payment_id: z.number(),
      return_code: z.string(),
      sentence: z.string(),
    }),
  ),
  // Trace numbers no entry of ours has: listed, nothing changed.
  unknown: z.array(
    z.object({
      line: z.number(),
      trace_number: z.string(),
      return_code: z.string(),
      amount: z.number(),
      individual_id: z.string(),
      individual_name: z.string(),
    }),
  ),
  // Entries found that could not be recorded (a refund credit that came back, a payment that cannot
  // have come back), each with why.
  refused: z.array(
    z.object({
      line: z.number(),
      trace_number: z.string(),
      payment_id: z.number(),
      return_code: z.string(),
      sentence: z.string(),
    }),
  ),
  // Lines of the file that could not be read.
  problems: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type AchReturnsResponse = z.infer<typeof achReturnsResponseSchema>;

export const achReturnFilesResponseSchema = z.object({ files: z.array(achReturnFileSchema) });
export type AchReturnFilesResponse = z.infer<typeof achReturnFilesResponseSchema>;

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
  // multipart/form-data, one return file in files[]: each return becomes a bounce on its payment.
  importReturns: defineCall({
    method: 'POST',
    path: 'ach/returns',
    access: needs('payments.record_returns'),
    response: achReturnsResponseSchema,
  }),
  listReturnFiles: defineCall({
    method: 'GET',
    path: 'ach/returns',
    access: needs('payments.record_returns', 'payments.ach_files'),
    response: achReturnFilesResponseSchema,
  }),
};
