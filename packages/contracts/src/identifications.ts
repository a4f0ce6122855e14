import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { bigDatabaseIdSchema } from './primitives.ts';
import { DOCUMENT_REQUEST_REASON_MAX_LENGTH, EKATA_BANDS, IDENTITY_DECISIONS } from './rules/identity-review.ts';

// Identification review (spec 001 sections 2, 3, 4, 7): the cards of customers whose identity
// documents wait for a decision, in two groups, and the decision on one card.

export const analyticsCheckSchema = z.object({
  name: z.string(),
  pass: z.boolean(),
  reason: z.string(),
});
export type AnalyticsCheck = z.infer<typeof analyticsCheckSchema>;

export const identityImageSchema = z.object({
  ident_id: z.number(),
  // GET documents/:id, fetched with the bearer header.
  ident_image_url: z.string(),
  // identification (the driver's licence, front or back) or selfie.
  kind: z.string(),
  name: z.string(),
  content_type: z.string(),
  // The EXIF DateTimeOriginal (else DateTime) the file carries, as the camera wrote it
  // (YYYY-MM-DD HH:MM:SS, no time zone); null when it carries none.
  date_time: z.string().nullable(),
  uploaded_at: z.string(),
});
export type IdentityImage = z.infer<typeof identityImageSchema>;

export const identificationCardSchema = z.object({
  // The identity review the card decides: its live topic (identity_review:<id>, decision 063).
  review_id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  birthday: z.string().nullable(),
  drivers_license: z.string().nullable(),
  routing: z.string().nullable(),
  // The routing number is one of the configured flagged ones (FLAGGED_ROUTING_NUMBERS).
  routing_flagged: z.boolean(),
  ekata_fraud_score: z.number().nullable(),
  ekata_band: z.enum(EKATA_BANDS),
  images: z.array(identityImageSchema),
  analytics: z.object({ aggregate_check: analyticsCheckSchema, checks: z.array(analyticsCheckSchema) }),
  has_images_with_exif: z.boolean(),
  // The first EXIF date_time of the card's images (the warning names it).
  exif_date_time: z.string().nullable(),
  verified: z.number(),
  loan_id: z.number().nullable(),
  // When the documents arrived (the review opened).
  waiting_since: z.string(),
});
export type IdentificationCard = z.infer<typeof identificationCardSchema>;

export const identificationGroupSchema = z.object({ total: z.number(), cards: z.array(identificationCardSchema) });
export const fetchIdentificationsResponseSchema = z.object({
  regular: identificationGroupSchema,
  // Customers on manual fraud hold (verified -7).
  manual_hold: identificationGroupSchema,
});
export type FetchIdentificationsResponse = z.infer<typeof fetchIdentificationsResponseSchema>;
// Each group lists at most this many cards, oldest first; its total counts them all.
export const IDENTIFICATIONS_GROUP_LIMIT = 50;

export const completeIdentificationBodySchema = z.object({
  // The card's user_id.
  id: bigDatabaseIdSchema,
  decision: z.enum(IDENTITY_DECISIONS, {
    error: `decision must be one of ${IDENTITY_DECISIONS.join(', ')}.`,
  }),
  // For request: what the customer is told is wrong (a default sentence when left out).
  reason: z.string().trim().max(DOCUMENT_REQUEST_REASON_MAX_LENGTH).optional(),
});
export type CompleteIdentificationBody = z.input<typeof completeIdentificationBodySchema>;
export const completeIdentificationResponseSchema = z.object({
  message: z.string(),
  user_id: z.number(),
  decision: z.enum(IDENTITY_DECISIONS),
  verified: z.number(),
});
export type CompleteIdentificationResponse = z.infer<typeof completeIdentificationResponseSchema>;

export const identificationCalls = {
  fetchIdentifications: defineCall({
    method: 'GET',
    path: 'users/fetch_identifications',
    access: needs('identity.review'),
    response: fetchIdentificationsResponseSchema,
  }),
  completeIdentification: defineCall({
    method: 'PATCH',
    path: 'users/complete_identification',
    access: needs('identity.review'),
    body: completeIdentificationBodySchema,
    response: completeIdentificationResponseSchema,
  }),
};
