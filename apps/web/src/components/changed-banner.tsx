import { useState } from 'react';
import { Alert } from '@mantine/core';
import type { LiveEvent } from '@portal/contracts';
import { formatDateTime } from '../lib/format.ts';
import { readSession } from '../lib/session.ts';
import { useLiveEvents } from '../lib/use-live.ts';

type Change = Extract<LiveEvent, { event: 'change' }>['data'];

// The audit's action ('ticket.escalated', 'loan.payment_date_changed') as words.
function describeAction(action: string): string {
  const words = action.split('.').at(-1)?.replaceAll('_', ' ') ?? action;
  return words.trim() === '' ? 'changed it' : words;
}

// "Changed under you" (issue 40): when someone else changes a record on this screen, says who and
// when, and refetches it (refresh); what the employee was typing stays, since the screen's forms
// keep their own state. Dismissed by its close button, or replaced by the next change.
// A change by the employee (another tab of theirs) is left to the screen that made it.
export function ChangedBanner({
  topics,
  noun,
  refresh,
}: {
  topics: readonly string[];
  noun: string;
  // Refetches the record; null where refetching would start the screen's forms afresh (a leased
  // review): the banner then says so instead.
  refresh: (() => void) | null;
}) {
  const [change, setChange] = useState<Change | null>(null);
  useLiveEvents(topics, (event) => {
    // My own changes are refreshed by the mutations that made them.
    if (event.event !== 'change' || (event.data.by !== null && event.data.by.id === readSession()?.employeeId)) return;
    refresh?.();
    setChange(event.data);
  });
  return (
    <div aria-live="polite">
      {change && (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss the change notice"
          onClose={() => setChange(null)}
          title={`This ${noun} changed`}
          data-testid="changed-banner"
        >
          {change.by ? change.by.name : 'The customer'} {change.by ? `(${describeAction(change.action)})` : 'wrote in'}{' '}
          at {formatDateTime(change.at)}.{' '}
          {refresh
            ? 'The screen has been refreshed; anything you were typing is kept.'
            : 'Finish or copy what you were typing, then open it again to see the change.'}
        </Alert>
      )}
    </div>
  );
}
