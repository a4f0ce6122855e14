import {
  documentFileUrl,
  ekataBand,
  IDENTIFICATIONS_GROUP_LIMIT,
  type FetchIdentificationsResponse,
  type IdentificationCard,
} from '@portal/contracts';
import type { IdentityAnalytics } from '@portal/db';
import type { IdentificationsDeps } from './deps.ts';
import { bankNumbersBoxIfConfigured, customerName, findRoutingNumbers } from '../customers/index.ts';
import { findDocumentsOfCustomers } from '../documents/index.ts';
import * as repository from './repository.ts';

// GET users/fetch_identifications (spec 001 sections 2, 3): the open identity reviews as cards, in
// two groups: regular, and manual hold (the customer's code is -7). Each group lists its oldest
// IDENTIFICATIONS_GROUP_LIMIT cards and counts them all.

type Group = 'regular' | 'manual_hold';

async function readGroup(context: IdentificationsDeps, group: Group) {
  const [rows, total] = await Promise.all([
    repository.findOpenReviews(context.db, group, IDENTIFICATIONS_GROUP_LIMIT),
    repository.countOpenReviews(context.db, group),
  ]);
  const customerIds = rows.map((row) => row.customer.id);
  const [images, routing] = await Promise.all([
    findDocumentsOfCustomers(context.db, customerIds, repository.IDENTITY_DOCUMENT_KINDS),
    findRoutingNumbers(context.db, bankNumbersBoxIfConfigured(context), customerIds),
  ]);
  const flagged = new Set(context.flaggedRoutingNumbers);
  const cards = rows.map(({ review, customer }): IdentificationCard => {
    const own = images
      .filter((image) => image.customerId === customer.id)
      .map((image) => ({
        ident_id: image.id,
        ident_image_url: documentFileUrl(String(image.id)),
        kind: image.kind,
        name: image.name,
        content_type: image.contentType,
        date_time: image.exifDateTime,
        uploaded_at: image.createdAt.toISOString(),
      }));
    const withExif = own.filter((image) => image.date_time !== null);
    const analytics: IdentityAnalytics = review.analytics;
    const routingNumber = routing.get(customer.id) ?? null;
    return {
      review_id: review.id,
      user_id: customer.id,
      user_name: customerName(customer),
      birthday: customer.birthday,
      drivers_license: review.driversLicense,
      routing: routingNumber,
      routing_flagged: routingNumber !== null && flagged.has(routingNumber),
      ekata_fraud_score: review.ekataFraudScore,
      ekata_band: ekataBand(review.ekataFraudScore),
      images: own,
      analytics: {
        aggregate_check: { name: 'aggregate_check', ...analytics.aggregate_check },
        checks: analytics.checks,
      },
      has_images_with_exif: withExif.length > 0,
      exif_date_time: withExif[0]?.date_time ?? null,
      verified: customer.verified,
      loan_id: review.loanId,
      waiting_since: review.openedAt.toISOString(),
    };
  });
  return { total, cards };
}

export async function fetchIdentifications(context: IdentificationsDeps): Promise<FetchIdentificationsResponse> {
  const regular = await readGroup(context, 'regular');
  const manualHold = await readGroup(context, 'manual_hold');
  return { regular, manual_hold: manualHold };
}
