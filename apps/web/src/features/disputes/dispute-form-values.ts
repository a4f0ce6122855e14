import type {
  Dispute,
  DisputeChanges,
  DisputeFormField,
  DisputeFormValues,
  DisputeUserResult,
} from '@portal/contracts';

// The Details tab's values as the dispute holds them (text as typed; Yes/No or unknown).
export function toFormValues(dispute: Dispute): DisputeFormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    user_id: text(dispute.user_id),
    loan_id: text(dispute.loan_id),
    first_name: text(dispute.first_name),
    last_name: text(dispute.last_name),
    street: text(dispute.street),
    city: text(dispute.city),
    state: text(dispute.state),
    zip: text(dispute.zip),
    type: text(dispute.type),
    sent_by_third_party: dispute.sent_by_third_party,
    contains_valid_3pa: dispute.contains_valid_3pa,
  };
}

const FORM_FIELDS: readonly DisputeFormField[] = [
  'user_id',
  'loan_id',
  'first_name',
  'last_name',
  'street',
  'city',
  'state',
  'zip',
  'type',
  'sent_by_third_party',
  'contains_valid_3pa',
];

export function changedFields(saved: DisputeFormValues, values: DisputeFormValues): DisputeFormField[] {
  return FORM_FIELDS.filter((field) => saved[field] !== values[field]);
}

// The update_dispute body: only what changed. Cleared text is sent as null (the server clears it).
export function toDisputeChanges(saved: DisputeFormValues, values: DisputeFormValues): DisputeChanges {
  const changes: DisputeChanges = {};
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  for (const field of changedFields(saved, values)) {
    switch (field) {
      case 'user_id':
      case 'loan_id':
        changes[field] = text(values[field]) === null ? null : Number(values[field].trim());
        break;
      case 'sent_by_third_party':
      case 'contains_valid_3pa':
        changes[field] = values[field];
        break;
      case 'type':
        changes.type = text(values.type) as DisputeChanges['type'];
        break;
      default:
        changes[field] = text(values[field]);
    }
  }
  return changes;
}

// Selecting a user in the User Search tab (spec 001 section 2): their id, names and address go into
// the form; their active loan only when the form names no loan yet.
export function valuesFromUser(user: DisputeUserResult, current: DisputeFormValues): Partial<DisputeFormValues> {
  const applied: Partial<DisputeFormValues> = {
    user_id: String(user.id),
    first_name: user.first_name,
    last_name: user.last_name,
    street: user.address.street ?? '',
    city: user.address.city ?? '',
    state: user.address.state ?? '',
    zip: user.address.zip ?? '',
  };
  if (current.loan_id.trim() === '' && user.active_loan_id !== null) applied.loan_id = String(user.active_loan_id);
  return applied;
}
