import { z } from 'zod';

// Every error answer of the API: a list of sentences a staff member can act on.
export const errorsResponseSchema = z.object({ errors: z.array(z.string()) });
export type ErrorsResponse = z.infer<typeof errorsResponseSchema>;
