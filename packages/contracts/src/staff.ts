import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from './constants.ts';
import { actionResponseSchema, databaseIdSchema, singleLine } from './primitives.ts';
import { listOption, listPageSchema, listSearchSchema, listSort } from './rules/list-view.ts';
import { listExportCall } from './list-export-call.ts';

// Staff administration (/admin/staff): employees, their roles, MFA and sessions, and the one-time
// set-password links that invitations send. Holders of the staff.admin permission only, but for
// setting a password with a link, which is public (the link is the proof).

// A new password: long enough to resist guessing without forcing character classes (NIST 800-63B).
export const MIN_NEW_PASSWORD_LENGTH = 12;
// How long a set-password link works.
export const SET_PASSWORD_LINK_HOURS = 24;

const roleNameSchema = z.string().trim().min(1, 'A role name is required.').max(50);
const rolesSchema = z.array(roleNameSchema).max(20, 'At most 20 roles.');

export const staffEmployeeSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  active: z.boolean(),
  online: z.boolean(),
  // off: no MFA; pending: enrolment started, no code used yet; on: codes are required.
  mfa: z.enum(['off', 'pending', 'on']),
  last_sign_in_at: z.string().nullable(),
  active_sessions: z.number(),
  // Invited and not yet set a password with the link.
  invited: z.boolean(),
});
export type StaffEmployee = z.infer<typeof staffEmployeeSchema>;

export const staffRoleSchema = z.object({ name: z.string(), permissions: z.array(z.string()) });
export type StaffRole = z.infer<typeof staffRoleSchema>;

// The staff list's view (issue 40), kept in the screen's URL: a name or email to look for, the
// status, one role, the order and the page. GET staff/employees and its CSV export read the same.
export const STAFF_PAGE_SIZE = 50;
export const STAFF_LIST_SORT_COLUMNS = ['name', 'last_sign_in'] as const;
export const STAFF_LIST_STATUSES = ['all', 'active', 'invited', 'deactivated'] as const;
export const staffFiltersSchema = z.object({
  q: listSearchSchema,
  status: listOption('The status', STAFF_LIST_STATUSES, 'all'),
  role: z
    .string()
    .trim()
    .max(50, 'A role name is at most 50 characters.')
    .regex(/^[a-z0-9_]*$/, 'A role name is written in lowercase letters, digits and underscores.')
    .default(''),
  sort: listSort(STAFF_LIST_SORT_COLUMNS, 'name'),
});
// Its CSV export (decision 060).
export const staffExportCall = listExportCall('staff', staffFiltersSchema);
export type StaffFilters = z.output<typeof staffFiltersSchema>;
export const staffViewSchema = staffFiltersSchema.extend({ page: listPageSchema });
export type StaffView = z.output<typeof staffViewSchema>;

export const staffListResponseSchema = z.object({
  employees: z.array(staffEmployeeSchema),
  roles: z.array(staffRoleSchema),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_count: z.number() }),
});
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

export const inviteEmployeeRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters.`)
    .email('Email is not a valid email address.'),
  name: singleLine(z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(100), 'The name'),
  roles: rolesSchema.min(1, 'Give the employee at least one role.'),
});
export type InviteEmployeeRequest = z.input<typeof inviteEmployeeRequestSchema>;

// The link is also answered, so that an administrator can hand it over when no email goes out.
export const setPasswordLinkResponseSchema = z.object({
  message: z.string(),
  employee_id: z.number(),
  link: z.string(),
  expires_at: z.string(),
});
export type SetPasswordLinkResponse = z.infer<typeof setPasswordLinkResponseSchema>;

export const employeeIdRequestSchema = z.object({ employee_id: databaseIdSchema });
export type EmployeeIdRequest = z.input<typeof employeeIdRequestSchema>;

export const updateRolesRequestSchema = z.object({ employee_id: databaseIdSchema, roles: rolesSchema });
export type UpdateRolesRequest = z.input<typeof updateRolesRequestSchema>;

export const staffSessionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffSessionsResponseSchema = z.object({ sessions: z.array(staffSessionSchema) });
export type StaffSessionsResponse = z.infer<typeof staffSessionsResponseSchema>;

export const revokeSessionRequestSchema = z.object({ session_id: databaseIdSchema });
export type RevokeSessionRequest = z.input<typeof revokeSessionRequestSchema>;

export const setPasswordRequestSchema = z.object({
  token: z.string({ error: 'The link is incomplete.' }).min(1, 'The link is incomplete.').max(200),
  password: z
    .string({ error: 'Password is required.' })
    .min(MIN_NEW_PASSWORD_LENGTH, `Choose a password of at least ${MIN_NEW_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`)
    // The server refuses more (a common password, a run of keys, the email; modules/staff/password-rules.ts).
    .refine((password) => !/^(.)\1*$/su.test(password), 'Choose a password that is not one character repeated.'),
});
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;
export const setPasswordResponseSchema = z.object({ message: z.string(), email: z.string() });
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;

export const staffCalls = {
  listStaff: defineCall({
    method: 'GET',
    path: 'staff/employees',
    access: needs('staff.admin'),
    query: staffViewSchema,
    response: staffListResponseSchema,
  }),
  inviteEmployee: defineCall({
    method: 'POST',
    path: 'staff/invite',
    access: needs('staff.admin'),
    body: inviteEmployeeRequestSchema,
    response: setPasswordLinkResponseSchema,
  }),
  resendInvitation: defineCall({
    method: 'POST',
    path: 'staff/resend_invite',
    access: needs('staff.admin'),
    body: employeeIdRequestSchema,
    response: setPasswordLinkResponseSchema,
  }),
  updateRoles: defineCall({
    method: 'PATCH',
    path: 'staff/roles',
    access: needs('staff.admin'),
    body: updateRolesRequestSchema,
    response: actionResponseSchema,
  }),
  deactivateEmployee: defineCall({
    method: 'PATCH',
    path: 'staff/deactivate',
    access: needs('staff.admin'),
    body: employeeIdRequestSchema,
    response: actionResponseSchema,
  }),
  reactivateEmployee: defineCall({
    method: 'PATCH',
    path: 'staff/reactivate',
    access: needs('staff.admin'),
    body: employeeIdRequestSchema,
    response: actionResponseSchema,
  }),
  resetMfa: defineCall({
    method: 'PATCH',
    path: 'staff/reset_mfa',
    access: needs('staff.admin'),
    body: employeeIdRequestSchema,
    response: actionResponseSchema,
  }),
  listSessions: defineCall({
    method: 'GET',
    path: 'staff/sessions',
    access: needs('staff.admin'),
    query: employeeIdRequestSchema,
    response: staffSessionsResponseSchema,
  }),
  revokeSession: defineCall({
    method: 'DELETE',
    path: 'staff/sessions',
    access: needs('staff.admin'),
    query: revokeSessionRequestSchema,
    response: actionResponseSchema,
  }),
  setPassword: defineCall({
    method: 'POST',
    path: 'employees/set_password',
    access: 'public',
    body: setPasswordRequestSchema,
    response: setPasswordResponseSchema,
  }),
};
