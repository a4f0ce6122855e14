// The sentences of refusals the income calls share.
export const INCOME_REFUSAL = 'Only underwriting (the underwriting role) can review income.';
