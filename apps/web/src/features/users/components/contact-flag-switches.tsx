import { lazy, Suspense, useId, useState } from 'react';
import { Group, Stack, Switch, Text } from '@mantine/core';
import {
  CONTACT_FLAG_TERMS,
  contactFlags,
  liftsContactDuty,
  type ContactFlag,
  type UserProfile,
} from '@portal/contracts';
import { formatDate } from '../../../lib/format.ts';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { useSession } from '../../../lib/session.ts';

// Loaded when a switch is first pressed: the user page keeps to its weight budget (decision 040).
const ContactFlagModal = lazy(async () => ({
  default: (await import('./contact-flag-modal.tsx')).ContactFlagModal,
}));

export const LIFT_HINT = 'Only compliance staff can clear this flag.';

// 'User requested - Asked on the phone (Maria Delgado, Nov 21, 2026)': why, then who and when.
function flagDetail(detail: UserProfile['dnc_detail']): string | null {
  if (!detail) return null;
  const why = [detail.reason, detail.context].filter(Boolean).join(' - ');
  const who = [detail.employee_name, detail.at ? formatDate(detail.at) : null].filter(Boolean).join(', ');
  return [why, who ? `(${who})` : null].filter(Boolean).join(' ');
}

type ContactFlagSwitchesProps = { user: UserProfile; mutationConfig?: MutationEvents };

// The user card's contact flags (spec 000 sections 4 and 5, decision 046). Any agent switches a
// flag on; switching DNC, cease or attorney off lifts a duty, so it is for holders of
// customers.lift_duties (issue 37; the server decides). For anyone else such a switch stays
// focusable but inert (aria-disabled, not disabled: the state and the hint stay readable and
// reachable from the keyboard), with the hint under it.
export function ContactFlagSwitches({ user, mutationConfig }: ContactFlagSwitchesProps) {
  const mayLift = useSession()?.permissions.includes('customers.lift_duties') ?? false;
  const [change, setChange] = useState<{ flag: ContactFlag; on: boolean } | null>(null);
  const idPrefix = useId();

  return (
    <>
      <Group gap="lg" align="flex-start">
        {contactFlags.map((flag) => {
          const on = user[flag];
          const detail = on ? flagDetail(user[`${flag}_detail`]) : null;
          const locked = !mayLift && liftsContactDuty({ flag, on: !on });
          const lines = [detail, locked ? LIFT_HINT : null].filter((line): line is string => line !== null);
          // Outside the switch's label (Mantine's description sits inside it, and would join the
          // switch's name); tied to the switch by aria-describedby.
          const noteId = `${idPrefix}-${flag}-note`;
          return (
            <Stack key={flag} gap={0}>
              <Switch
                color="red"
                label={CONTACT_FLAG_TERMS[flag]}
                checked={on}
                readOnly={locked}
                aria-disabled={locked || undefined}
                aria-describedby={lines.length > 0 ? noteId : undefined}
                styles={locked ? { track: { cursor: 'not-allowed' }, label: { cursor: 'not-allowed' } } : undefined}
                onChange={() => {
                  if (!locked) setChange({ flag, on: !on });
                }}
              />
              {lines.length > 0 && (
                <Text id={noteId} fz="xs" c="dimmed" pl={46} component="div">
                  {lines.map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </Text>
              )}
            </Stack>
          );
        })}
      </Group>
      {change && (
        <Suspense fallback={null}>
          <ContactFlagModal
            userId={user.id}
            flag={change.flag}
            on={change.on}
            opened
            onClose={() => setChange(null)}
            mutationConfig={mutationConfig}
          />
        </Suspense>
      )}
    </>
  );
}
