// The sentences of refusals the credit reporting calls share.

export const RESPOND_REFUSAL =
  'Only employees on the credit reporting desk (the credit_reporting role) can answer ACDV requests.';

export const ADJUST_REFUSAL =
  'Only employees on the credit reporting desk (the credit_reporting role) can change what is reported to the credit bureaus.';
