import { metro2CodeFor } from '@portal/contracts/metro2';

// The compliance condition code (Metro 2 base segment field 20) a loan reports on a date, from its
// consumer disputes alone (decision 049). Pure: the FCRA lookup's months, the ACDV answers and the
// correction file all ask it, so they say the same thing.
//   XB while a dispute is open: received and not yet resolved (a letter) or answered (an ACDV); FCRA
//      623(a)(3) forbids furnishing a disputed account without saying it is disputed.
//   XC once the investigation last completed ended with the consumer still disagreeing; it stays
//      while they disagree, which the Portal knows only until a later investigation of the loan
//      completes without disagreement (then XH, as below).
//   XH in the reporting month (Metro 2 is reported monthly) in which the last investigation completed
//      without the consumer disagreeing: "previously in dispute, investigation completed"; blank after.
// The codes are the reference data's, looked up by their meaning.

export type ConsumerDispute = {
  // How refusals and notes name it: 'dispute #12', 'ACDV CN-1'.
  label: string;
  // Business dates (YYYY-MM-DD): received, and resolved or answered (null while open).
  from: string;
  to: string | null;
  // Resolved or answered with the consumer still disagreeing.
  consumerDisagrees: boolean;
};

export const DISPUTED = metro2CodeFor(
  'compliance_condition',
  'Account information disputed by consumer under the FCRA',
);
export const DISPUTED_CONSUMER_DISAGREES = metro2CodeFor(
  'compliance_condition',
  'Completed investigation of FCRA dispute; consumer disagrees',
);
export const DISPUTE_INVESTIGATED = metro2CodeFor(
  'compliance_condition',
  'Account previously in dispute; investigation completed, reported by data furnisher',
);

// Open on that date: received by then, and resolved (if at all) after it. The day it is resolved it
// is no longer open.
export const isOpenOn = (dispute: ConsumerDispute, asOf: string): boolean =>
  dispute.from <= asOf && (dispute.to === null || dispute.to > asOf);

const closedBy = (dispute: ConsumerDispute, asOf: string): dispute is ConsumerDispute & { to: string } =>
  dispute.from <= asOf && dispute.to !== null && dispute.to <= asOf;

// The investigation completed last by asOf (on a tie, one the consumer disagrees with: their
// disagreement is what the bureaus must be told), or null.
export function lastCompleted(disputes: readonly ConsumerDispute[], asOf: string): ConsumerDispute | null {
  let last: (ConsumerDispute & { to: string }) | null = null;
  for (const dispute of disputes) {
    if (!closedBy(dispute, asOf)) continue;
    if (last === null || dispute.to > last.to || (dispute.to === last.to && dispute.consumerDisagrees)) last = dispute;
  }
  return last;
}

export function complianceConditionOn(disputes: readonly ConsumerDispute[], asOf: string): string | null {
  if (disputes.some((dispute) => isOpenOn(dispute, asOf))) return DISPUTED;
  const last = lastCompleted(disputes, asOf);
  if (last === null) return null;
  if (last.consumerDisagrees) return DISPUTED_CONSUMER_DISAGREES;
  // The report of the month the investigation completed in (YYYY-MM of both dates).
  return last.to!.slice(0, 7) === asOf.slice(0, 7) ? DISPUTE_INVESTIGATED : null;
}
