import { z } from 'zod';
import { defineCall } from './call.ts';
import { uploadFailureSchema } from './primitives.ts';

// The customer side's upload (the customer app posts the files its customer chose): identity
// documents, a selfie, or paystubs for one loan, with the upload token the Portal put in the link
// it sent the customer (header x-upload-token). Each file is judged by its content and size.

export const CUSTOMER_UPLOAD_KINDS = ['identification', 'selfie', 'paystub'] as const;
export type CustomerUploadKind = (typeof CUSTOMER_UPLOAD_KINDS)[number];
// Images the review screens show (HEIC only where the browser can), and PDF for paystubs.
export const IDENTITY_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
export const PAYSTUB_CONTENT_TYPES = [...IDENTITY_CONTENT_TYPES, 'application/pdf'] as const;
export const CUSTOMER_UPLOAD_MAX_FILES = 4;
// Files one upload link takes in all, over its life (a new link starts again).
export const UPLOAD_LINK_MAX_FILES = 10;
export const UPLOAD_TOKEN_HEADER = 'x-upload-token';
export const UPLOAD_TOKEN_DAYS = 14;

export const customerUploadParamsSchema = z.object({
  kind: z.enum(CUSTOMER_UPLOAD_KINDS, { error: `The kind must be one of ${CUSTOMER_UPLOAD_KINDS.join(', ')}.` }),
});
export const customerUploadResponseSchema = z.object({
  message: z.string(),
  documents: z.array(
    z.object({ id: z.number(), name: z.string(), content_type: z.string(), date_time: z.string().nullable() }),
  ),
  failed_files: z.array(uploadFailureSchema),
});
export type CustomerUploadResponse = z.infer<typeof customerUploadResponseSchema>;

export const customerUploadCalls = {
  upload: defineCall({
    method: 'POST',
    path: 'customer_uploads/:kind',
    access: 'public',
    params: customerUploadParamsSchema,
    response: customerUploadResponseSchema,
  }),
};
