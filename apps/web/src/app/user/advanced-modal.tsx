import { Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { permissionRefusal, type LoanInfo, type UserProfile } from '@portal/contracts';
import { DocumentsTable } from '../../features/documents/components/documents-table.tsx';
import { CreditLoanForm } from '../../features/loans/components/credit-loan-form.tsx';
import { RevealSsnButton } from '../../features/ssn/components/reveal-ssn-button.tsx';
import { UpdateSsnForm } from '../../features/ssn/components/update-ssn-form.tsx';
import { CustomPaymentForm } from '../../features/users/components/custom-payment-form.tsx';
import type { MutationEvents } from '../../lib/react-query.ts';
import { useSession } from '../../lib/session.ts';

type AdvancedModalProps = {
  user: UserProfile;
  loans: readonly LoanInfo[];
  opened: boolean;
  onClose: () => void;
  events: MutationEvents;
};

// The user page's Advanced modal (spec 000 section 2): Update SSN, Credit Loan, Custom Payments,
// View Documents.
export function AdvancedModal({ user, loans, opened, onClose, events }: AdvancedModalProps) {
  const mayEditSsn = useSession()?.permissions.includes('customers.edit_ssn') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={`Advanced · customer #${user.id}`} size="xl">
      <Tabs defaultValue="ssn" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="ssn">Update SSN</Tabs.Tab>
          <Tabs.Tab value="credit">Credit Loan</Tabs.Tab>
          <Tabs.Tab value="payments">Custom Payments</Tabs.Tab>
          <Tabs.Tab value="documents">View Documents</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ssn">
          <Stack gap="md">
            {mayEditSsn ? (
              <UpdateSsnForm userId={user.id} currentLast4={user.ssn?.slice(-4) ?? null} mutationConfig={events} />
            ) : (
              <Text fz="sm" c="gray.7">
                {permissionRefusal('customers.edit_ssn')}
              </Text>
            )}
            <Group>
              <RevealSsnButton userId={user.id} />
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="credit">
          <CreditLoanForm loans={loans} mutationConfig={events} />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <CustomPaymentForm loans={loans} mutationConfig={events} />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <DocumentsTable userId={user.id} loanId={null} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
