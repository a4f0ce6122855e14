import { z } from 'zod';
import { defineCall } from './call.ts';
import { permissions } from './permissions.ts';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, OTP_LENGTH } from './constants.ts';
import { requiredText } from './primitives.ts';

const emailSchema = requiredText(
  'Email is required.',
  MAX_EMAIL_LENGTH,
  `Email must be at most ${MAX_EMAIL_LENGTH} characters.`,
).email('Email is not a valid email address.');

const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`);

// The OTP field is optional: it is only checked for employees who have turned MFA on.
// Authenticator apps show "123 456"; spaces are dropped before the check.
const otpSchema = z
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

export const signInRequestSchema = z.object({
  employee: z.object(
    { email: emailSchema, password: passwordSchema, otp: otpSchema },
    { error: 'The employee field is required.' },
  ),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

// The session as the spec names it (section 3), plus the permissions that replace employee-id checks.
export const sessionResponseSchema = z.object({
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
  // Whom staff tell when a refund fails on the server ('500 Error. Let {name} know.'; ESCALATION_CONTACT).
  escalation_contact: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

// GET employees/session: the same fields without the token itself.
export const currentSessionResponseSchema = sessionResponseSchema.omit({ apiToken: true });
export type CurrentSessionResponse = z.infer<typeof currentSessionResponseSchema>;

export const enableMfaRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export type EnableMfaRequest = z.input<typeof enableMfaRequestSchema>;
export const enableMfaResponseSchema = z.object({ otp_uri: z.string() });
export type EnableMfaResponse = z.infer<typeof enableMfaResponseSchema>;

export const toggleOnlineRequestSchema = z.object({
  online: z.boolean({ error: 'Online must be true or false.' }),
});
export type ToggleOnlineRequest = z.input<typeof toggleOnlineRequestSchema>;
export const toggleOnlineResponseSchema = z.object({ online: z.boolean() });
export type ToggleOnlineResponse = z.infer<typeof toggleOnlineResponseSchema>;

export const signOutResponseSchema = z.object({ signedOut: z.literal(true) });
export type SignOutResponse = z.infer<typeof signOutResponseSchema>;

// Sign-in and MFA enrolment are public routes (the server marks them); every other call needs a session.
export const sessionCalls = {
  signIn: defineCall({
    method: 'POST',
    path: 'employees/sign_in',
    access: 'public',
    body: signInRequestSchema,
    response: sessionResponseSchema,
  }),
  enableMfa: defineCall({
    method: 'POST',
    path: 'enable_2fa',
    access: 'public',
    body: enableMfaRequestSchema,
    response: enableMfaResponseSchema,
  }),
  getCurrentSession: defineCall({
    method: 'GET',
    path: 'employees/session',
    access: 'signedIn',
    response: currentSessionResponseSchema,
  }),
  signOut: defineCall({
    method: 'DELETE',
    path: 'employees/sign_out',
    access: 'signedIn',
    response: signOutResponseSchema,
  }),
  toggleOnline: defineCall({
    method: 'PATCH',
    path: 'toggle_online',
    access: 'signedIn',
    body: toggleOnlineRequestSchema,
    response: toggleOnlineResponseSchema,
  }),
};
