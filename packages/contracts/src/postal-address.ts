import { z } from 'zod';

// A postal address as the screens show it (a customer, a dispute letter, an ACDV, a reported
// consumer): every part may be missing. Spread into a record, or nested as `address`.
export const postalAddressFields = {
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
};
