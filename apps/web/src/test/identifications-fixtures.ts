import type { FetchIdentificationsResponse, IdentificationCard, IdentityImage } from '@portal/contracts';
import { fileResponse, type FileAnswers } from './api-server.ts';

// The identifications tests' data. Images (GET documents/:id) answer with a few bytes of the
// image's type.

export const FETCH = 'GET users/fetch_identifications';
export const COMPLETE = 'PATCH users/complete_identification';

export const identityImages: FileAnswers = (call) =>
  call.path.startsWith('documents/') ? fileResponse(new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg') : undefined;

export function imageFixture(overrides: Partial<IdentityImage> = {}): IdentityImage {
  const id = overrides.ident_id ?? 501;
  return {
    ident_id: id,
    ident_image_url: `/internal/api/documents/${id}`,
    kind: 'identification',
    name: 'licence-front.jpg',
    content_type: 'image/jpeg',
    date_time: null,
    uploaded_at: '2026-03-02T15:30:00.000Z',
    ...overrides,
  };
}

export function cardFixture(overrides: Partial<IdentificationCard> = {}): IdentificationCard {
  return {
    review_id: 380,
    user_id: 38,
    user_name: 'Maria Garcia',
    birthday: '1988-04-09',
    drivers_license: 'D1234567',
    routing: '121000358',
    routing_flagged: false,
    ekata_fraud_score: 120,
    ekata_band: 'low',
    images: [],
    analytics: {
      aggregate_check: { name: 'aggregate_check', pass: true, reason: 'Every check passed.' },
      checks: [
        { name: 'name_match', pass: true, reason: 'The name matches the application.' },
        { name: 'expiry', pass: false, reason: 'The license expired on 2025-01-31.' },
      ],
    },
    has_images_with_exif: false,
    exif_date_time: null,
    verified: -5,
    loan_id: 2101,
    waiting_since: '2026-03-02T15:30:00.000Z',
    ...overrides,
  };
}

export function identificationsAnswer(
  regular: IdentificationCard[],
  manualHold: IdentificationCard[] = [],
  totals: { regular?: number; manual_hold?: number } = {},
): FetchIdentificationsResponse {
  return {
    regular: { total: totals.regular ?? regular.length, cards: regular },
    manual_hold: { total: totals.manual_hold ?? manualHold.length, cards: manualHold },
  };
}
