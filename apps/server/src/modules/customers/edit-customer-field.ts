import { dateInTimeZone, validateUserField, type EditableUserField } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

// One personal field of a customer, checked by the rules of spec 000 section 5: the user page's
// PATCH users/edit_info (by customer) and the ticket view's PATCH user_info (by ticket) both land here.

const COLUMNS = {
  first_name: 'firstName',
  middle_initial: 'middleInitial',
  last_name: 'lastName',
  email: 'email',
  phone_number: 'phoneNumber',
  birthday: 'birthday',
  street: 'street',
  city: 'city',
  state: 'state',
  zip: 'zip',
} as const satisfies Record<EditableUserField, keyof repository.CustomerRecord>;

const LABELS: Record<EditableUserField, string> = {
  first_name: 'First name',
  middle_initial: 'Middle initial',
  last_name: 'Last name',
  email: 'Email',
  phone_number: 'Phone number',
  birthday: 'Birthday',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
};

export type FieldEdit = { field: EditableUserField; text: string; force: boolean };

// The value to store, or a 422 'Invalid Entry for field: {field}'. An empty middle initial clears it.
export function checkedFieldValue(
  context: Pick<CustomersDeps, 'clock' | 'businessTimeZone'>,
  field: EditableUserField,
  text: string,
): string | null {
  const check = validateUserField(field, text, dateInTimeZone(context.clock.now(), context.businessTimeZone));
  if (!check.ok) throw unprocessable(check.error);
  return field === 'middle_initial' && check.value === '' ? null : check.value;
}

// The customer who already has this email or phone, refused with 409 unless forced. Returns the
// other customer's id (for the audit) when forced past one.
export async function contactConflict(
  tx: Executor,
  customerId: number,
  field: 'email' | 'phone_number',
  value: string,
  force: boolean,
): Promise<number | null> {
  const other = await repository.findOtherCustomerWithContact(tx, customerId, field, value);
  if (other === null) return null;
  if (!force) {
    const what = field === 'email' ? 'email' : 'phone number';
    throw conflict(`Another customer (ID ${other}) already uses ${value} as their ${what}.`);
  }
  return other;
}

// Inside the caller's transaction, on the locked customer row.
export async function applyFieldEdit(
  tx: Executor,
  context: Pick<CustomersDeps, 'clock'>,
  actor: Actor,
  customer: repository.CustomerRecord,
  edit: FieldEdit,
  value: string | null,
): Promise<{ message: string }> {
  const { field } = edit;
  const column = COLUMNS[field];
  const before = customer[column];
  if (before === value) return { message: `${LABELS[field]} is already ${value ?? 'empty'}; nothing changed.` };

  let forcedPast: number | null = null;
  if ((field === 'email' || field === 'phone_number') && value !== null) {
    forcedPast = await contactConflict(tx, customer.id, field, value, edit.force);
  }
  if (field === 'email' && value !== null) {
    // The old address stays in the customer's email history (GET users/email_info).
    const now = context.clock.now();
    await repository.rememberCustomerEmail(tx, customer.id, customer.email, now);
    await repository.rememberCustomerEmail(tx, customer.id, value, now);
  }
  await repository.updateCustomer(tx, customer.id, { [column]: value });
  await recordAuditEvent(tx, {
    ...actor,
    action: 'customer.field_changed',
    entityType: 'customer',
    entityId: customer.id,
    before: { [field]: before },
    after: { [field]: value, ...(forcedPast !== null ? { forced: true, also_used_by_customer: forcedPast } : {}) },
  });
  const also = forcedPast !== null ? ` (forced: customer ${forcedPast} uses it too)` : '';
  if (value === null) return { message: `${LABELS[field]} cleared (was ${before}).` };
  return {
    message: before
      ? `${LABELS[field]} changed from ${before} to ${value}${also}.`
      : `${LABELS[field]} set to ${value}${also}.`,
  };
}

// PATCH users/edit_info.
export async function editCustomerField(
  context: Pick<CustomersDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: Actor,
  customerId: number,
  edit: FieldEdit,
) {
  const value = checkedFieldValue(context, edit.field, edit.text);
  return context.db.transaction((tx) => editLockedCustomerField(tx, context, actor, customerId, edit, value));
}

// The same in the caller's transaction, with the value checkedFieldValue gave (PATCH user_info, by
// the ticket the customer wrote on): the customer is locked, changed and audited.
export async function editLockedCustomerField(
  tx: Executor,
  context: Pick<CustomersDeps, 'clock'>,
  actor: Actor,
  customerId: number,
  edit: FieldEdit,
  value: string | null,
) {
  const customer = await repository.lockCustomer(tx, customerId);
  if (!customer) throw notFound(`Customer ${customerId} was not found.`);
  return applyFieldEdit(tx, context, actor, customer, edit, value);
}
