import { useMemo, useState } from 'react';
import {
  disputeFieldProblems,
  type Dispute,
  type DisputeChanges,
  type DisputeFormField,
  type DisputeFormValues,
  type DisputeUserResult,
} from '@portal/contracts';
import { changedFields, toDisputeChanges, toFormValues, valuesFromUser } from '../dispute-form-values.ts';

export type DisputeForm = {
  values: DisputeFormValues;
  dirty: boolean;
  problems: Partial<Record<DisputeFormField, string>>;
  setField: <Field extends DisputeFormField>(field: Field, value: DisputeFormValues[Field]) => void;
  applyUser: (user: DisputeUserResult) => void;
  clear: () => void;
  changes: () => DisputeChanges;
};

// The Details tab's edits, laid over the dispute as the server last answered it: a refreshed dispute
// shows through wherever the employee has typed nothing, and what changed is the difference.
export function useDisputeForm(dispute: Dispute): DisputeForm {
  const saved = useMemo(() => toFormValues(dispute), [dispute]);
  const [edits, setEdits] = useState<Partial<DisputeFormValues>>({});
  const values = useMemo(() => ({ ...saved, ...edits }), [saved, edits]);
  return {
    values,
    dirty: changedFields(saved, values).length > 0,
    problems: disputeFieldProblems(values),
    setField: (field, value) => setEdits((current) => ({ ...current, [field]: value })),
    applyUser: (user) => setEdits((current) => ({ ...current, ...valuesFromUser(user, { ...saved, ...current }) })),
    clear: () => setEdits({}),
    changes: () => toDisputeChanges(saved, values),
  };
}
