// The sender of the sample dispute letters (SAMPLE_SENDER of @portal/demo/samples) as a dispute's
// columns hold them once the letter is read; with a customer, a loan and a type, enough for any answer.
export const JANE_DOE = {
  firstName: 'Jane',
  lastName: 'Doe',
  street: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
} as const;
