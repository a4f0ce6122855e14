// The sentences of refusals the identification calls share.
export const REVIEW_REFUSAL = 'Only underwriting (the underwriting role) can review identifications.';
