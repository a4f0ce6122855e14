import { CopyButton, Group, Text, UnstyledButton } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { formatDate } from '../../../lib/format.ts';

// The loan's life by its timestamps (spec 000 section 4, 'Loan card lifecycle by timestamps'), in
// the order it happened: applied (still 'Application in Process' while undecided), approved,
// accepted (until then the approval code can be copied), funded, funding returned (red), denied,
// closed, paid off.
export function LoanLifecycle({ loan }: { loan: LoanInfo }) {
  const undecided = !loan.approved && !loan.denied && !loan.closed_at;
  return (
    <Group gap={10} style={{ rowGap: 2 }} aria-label={`Lifecycle of loan #${loan.id}`}>
      <Step label="Applied" at={loan.applied} />
      {undecided && (
        <Text fz="xs" fw={600} c="blue.7">
          Application in Process
        </Text>
      )}
      {loan.approved && <Step label="Approved" at={loan.approved} />}
      {loan.accepted ? (
        <Step label="Accepted" at={loan.accepted} />
      ) : (
        loan.approval_code && <ApprovalCode code={loan.approval_code} />
      )}
      {loan.funded && <Step label="Funded" at={loan.funded} />}
      {loan.funding_returned && <Step label="Funding returned" at={loan.funding_returned} color="red.7" />}
      {loan.denied && <Step label="Denied" at={loan.denied} color="red.7" />}
      {loan.appealed && <Step label="Appealed" at={loan.appealed} />}
      {loan.closed_at && <Step label="Closed" at={loan.closed_at} />}
      {loan.paid_off && <Step label="Paid off" at={loan.paid_off} color="teal.7" />}
    </Group>
  );
}

function Step({ label, at, color = 'dark.7' }: { label: string; at: string; color?: string }) {
  return (
    <Text fz="xs" c="dimmed" span>
      {label}{' '}
      <Text span fz="xs" fw={600} c={color}>
        {formatDate(at)}
      </Text>
    </Text>
  );
}

// Not accepted yet: the code the customer types to accept, one click to copy.
function ApprovalCode({ code }: { code: string }) {
  return (
    <CopyButton value={code}>
      {({ copied, copy }) => (
        <UnstyledButton onClick={copy} aria-label={`Copy approval code ${code}`}>
          <Text fz="xs" c="dimmed" span>
            Approval code{' '}
            <Text span fz="xs" fw={700} ff="monospace" c={copied ? 'teal.7' : 'dark.7'}>
              {copied ? 'Copied' : code}
            </Text>
          </Text>
        </UnstyledButton>
      )}
    </CopyButton>
  );
}
