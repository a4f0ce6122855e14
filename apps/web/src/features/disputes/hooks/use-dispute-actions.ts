import { useNavigate } from 'react-router';
import { DISPUTE_MESSAGES, resolveProblems, type DisputeOutcome } from '@portal/contracts';
import { useResolveDispute } from '../api/resolve-dispute.ts';
import { useUpdateDispute } from '../api/update-dispute.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';
import type { DisputeForm } from './use-dispute-form.ts';

type DisputeActionsInput = {
  id: number;
  form: DisputeForm;
  // Called once the dispute is resolved: the server has let go of it, so leaving sends nothing.
  onResolved: () => void;
};

// Save Changes and Resolve Dispute (spec 001 sections 4, 5 and 8).
export function useDisputeActions({ id, form, onResolved }: DisputeActionsInput) {
  const navigate = useNavigate();
  const update = useUpdateDispute();
  const resolve = useResolveDispute();

  // Sends only what changed; nothing at all while a field is invalid. True when nothing is left unsaved.
  const save = async (): Promise<boolean> => {
    if (Object.keys(form.problems).length > 0) {
      flashDispute(DISPUTE_MESSAGES.correctBeforeSaving, 'error');
      return false;
    }
    if (!form.dirty) return true;
    try {
      await update.mutateAsync({ id, dispute: form.changes() });
      form.clear();
      flashDispute(DISPUTE_MESSAGES.updated, 'success');
      return true;
    } catch (error) {
      flashDispute(failureMessages(error, 'Failed to save dispute information').join(' '), 'error');
      return false;
    }
  };

  // The fields the response type and the outcome need are checked on the form as it stands, unsaved
  // edits included, since they are saved first.
  const resolveWith = async (responseType: string | null, outcome: DisputeOutcome = {}): Promise<void> => {
    const problems = resolveProblems(responseType, form.values, outcome);
    if (problems.length > 0) {
      for (const problem of problems) flashDispute(problem, 'error', true);
      return;
    }
    if (!(await save())) return;
    try {
      await resolve.mutateAsync({ id, response_type: responseType, ...outcome });
      onResolved();
      flashDispute(DISPUTE_MESSAGES.resolved, 'success');
      await navigate('/disputes/unresolved');
    } catch (error) {
      for (const message of failureMessages(error, 'Failed to resolve dispute')) flashDispute(message, 'error', true);
    }
  };

  return {
    save,
    resolve: resolveWith,
    saving: update.isPending,
    resolving: resolve.isPending || update.isPending,
  };
}
