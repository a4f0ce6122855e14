import { Link } from 'react-router';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { AcdvRequestResponse } from '@portal/contracts';
import { fcraLookupPath } from '../paths.ts';
import { userPath } from '../../../lib/user-path.ts';

type AcdvMatchProps = Pick<AcdvRequestResponse, 'user' | 'loan_id'> & { accountNumber: string | null };

// Whom the request is about in the Portal: the customer and loan the account number names, or a
// plain note that the account is not ours (then 04, misrouted, is the likely answer).
export function AcdvMatch({ user, loan_id: loanId, accountNumber }: AcdvMatchProps) {
  if (loanId === null)
    return (
      <Alert color="orange" variant="light" title="No matching loan">
        No loan in the Portal matches account number {accountNumber ?? '(none given)'}. The likely answer is 04
        (Misrouted, please reroute).
      </Alert>
    );
  return (
    <Group gap="lg" style={{ rowGap: 4 }}>
      {user ? (
        <Text fz="sm">
          Matched customer:{' '}
          <Anchor component={Link} to={userPath(user.id)} fz="sm">
            {user.first_name} {user.last_name} (#{user.id})
          </Anchor>
        </Text>
      ) : (
        <Text fz="sm" c="orange.8">
          No customer is linked to loan #{loanId}.
        </Text>
      )}
      <Text fz="sm">
        Loan:{' '}
        <Anchor component={Link} to={fcraLookupPath(loanId)} fz="sm">
          #{loanId} (FCRA lookup)
        </Anchor>
      </Text>
      {user && !user.ssn_matches && (
        <Text fz="sm" c="red.7" fw={500}>
          The SSN the bureau sent could not be matched to this customer&apos;s.
        </Text>
      )}
    </Group>
  );
}
