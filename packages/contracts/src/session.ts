import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, OTP_LENGTH } from './constants.ts';

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters.`)
  .email('Email is not a valid email address.');

const password = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`);

// The OTP field is optional: it is only checked for employees who have turned MFA on.
// Authenticator apps show "123 456"; spaces are dropped before the check.
const otp = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).replace(/\s+/g, ''))
  .pipe(
    z.union([
      z.literal(''),
      z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The one-time password must be ${OTP_LENGTH} digits.`),
    ]),
  )
  .optional()
  .nullable();

export const signInRequest = z.object({
  employee: z.object({ email, password, otp }, { error: 'The employee field is required.' }),
});
export type SignInRequest = z.input<typeof signInRequest>;

export const permissions = ['tickets.view_escalated', 'payments.validate_any'] as const;
export type Permission = (typeof permissions)[number];

// The session as the spec names it (section 3), plus the permissions that replace employee-id checks.
export const sessionResponse = z.object({
  apiToken: z.string(),
  clearance: z.number().int(),
  email: z.string(),
  employeeId: z.number().int(),
  name: z.string(),
  online: z.boolean(),
  permissions: z.array(z.enum(permissions)),
  mfaEnabled: z.boolean(),
  expiresAt: z.string(),
  sts_key_id: z.string().nullable(),
  sts_secret_key: z.string().nullable(),
  sts_session_token: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

// GET employees/session: the same fields without the token itself.
export const currentSessionResponse = sessionResponse.omit({ apiToken: true });
export type CurrentSessionResponse = z.infer<typeof currentSessionResponse>;

export const enableMfaRequest = z.object({ email, password });
export type EnableMfaRequest = z.infer<typeof enableMfaRequest>;
export const enableMfaResponse = z.object({ otp_uri: z.string() });
export type EnableMfaResponse = z.infer<typeof enableMfaResponse>;

export const toggleOnlineRequest = z.object({
  online: z.boolean({ error: 'Online must be true or false.' }),
});
export type ToggleOnlineRequest = z.infer<typeof toggleOnlineRequest>;
export const toggleOnlineResponse = z.object({ online: z.boolean() });
export type ToggleOnlineResponse = z.infer<typeof toggleOnlineResponse>;

export const signOutResponse = z.object({ signedOut: z.literal(true) });
