import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { EditableUserField, UserInfo } from '@portal/contracts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { verificationColor, verificationLabel, CONTACT_FLAG_TERMS } from '@portal/contracts';
import { EditableField } from '../../../components/editable-field.tsx';

type PersonalInformationPanelProps = {
  user: UserInfo;
  // Saves one field the way the screen edits this customer (PATCH user_info by ticket on the ticket
  // screen); it rejects when the save failed, and the screen has reported why.
  onSaveField: (parameter: EditableUserField, text: string) => Promise<unknown>;
};

function formatPhone(phone: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

function Flags({ user }: { user: UserInfo }) {
  const flags = [
    // One term per flag on every screen (contracts' CONTACT_FLAG_TERMS).
    { on: user.dnc, label: 'DNC', title: CONTACT_FLAG_TERMS.dnc },
    { on: user.dnl, label: 'DNL', title: CONTACT_FLAG_TERMS.dnl },
    // The contact gate refuses every message to them (decision 046).
    { on: user.cease, label: 'Cease', title: CONTACT_FLAG_TERMS.cease },
    { on: user.attorney, label: 'Attorney', title: CONTACT_FLAG_TERMS.attorney },
    { on: user.dnp, label: 'DNP', title: 'DNP (do not process payments)' },
  ].filter((flag) => flag.on);
  return (
    <>
      {flags.map((flag) => (
        <Badge key={flag.label} size="sm" color="red" variant="filled" title={flag.title}>
          {flag.label}
        </Badge>
      ))}
    </>
  );
}

function StaticRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

// Personal Information (spec 000 section 2): the essentials, Show More for the rest.
export function PersonalInformationPanel({ user, onSaveField }: PersonalInformationPanelProps) {
  const [more, { toggle }] = useDisclosure(false);
  const [savingField, setSavingField] = useState<EditableUserField | null>(null);

  function save(parameter: EditableUserField, text: string, done: () => void) {
    setSavingField(parameter);
    void onSaveField(parameter, text)
      .then(done, () => undefined)
      .finally(() => setSavingField(null));
  }

  const field = (label: string, name: EditableUserField, value: string | null, display?: string) => (
    <EditableField
      label={label}
      field={name}
      value={value}
      display={display}
      saving={savingField === name}
      onSave={save}
    />
  );

  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" mb="xs" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz="md">
            Personal Information
          </Title>
          <Group gap={6}>
            <Text fz="sm" fw={600}>
              {user.first_name} {user.middle_initial ? `${user.middle_initial}. ` : ''}
              {user.last_name}
            </Text>
            <Text fz="xs" c="dimmed">
              Customer #{user.id}
            </Text>
          </Group>
          <Group gap={4}>
            <Badge size="sm" variant="light" color={verificationColor(user.verified)}>
              {verificationLabel(user.verified)}
            </Badge>
            <Flags user={user} />
          </Group>
        </Stack>
        <Button size="compact-xs" variant="subtle" onClick={toggle} aria-expanded={more}>
          {more ? 'Hide' : 'Show More'}
        </Button>
      </Group>
      <DataList size="xs" gap={4} labelWidth={96} aria-label="Personal information">
        {field('Email', 'email', user.email)}
        {field(
          'Phone',
          'phone_number',
          user.phone_number,
          user.phone_number ? formatPhone(user.phone_number) : undefined,
        )}
        {field('Birthday', 'birthday', user.birthday, user.birthday ? formatDate(user.birthday) : undefined)}
        <StaticRow label="Address">
          <Text fz="xs">
            {[user.street, user.city, [user.state, user.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') ||
              '—'}
          </Text>
        </StaticRow>
        <StaticRow label="Bank account">
          <Text fz="xs" c={user.bank_account ? undefined : 'dimmed'}>
            {user.bank_account
              ? `•••• ${user.bank_account.account_last4} (routing ${user.bank_account.routing})`
              : 'No bank account on file'}
          </Text>
        </StaticRow>
        <StaticRow label="Debit card">
          <Text fz="xs" c={user.debit_card ? undefined : 'dimmed'}>
            {user.debit_card ? `•••• ${user.debit_card.last_four}` : 'No card on file'}
          </Text>
        </StaticRow>
        {more && (
          <>
            {field('First name', 'first_name', user.first_name)}
            {field('Middle initial', 'middle_initial', user.middle_initial)}
            {field('Last name', 'last_name', user.last_name)}
            {field('Street', 'street', user.street)}
            {field('City', 'city', user.city)}
            {field('State', 'state', user.state)}
            {field('Zip', 'zip', user.zip)}
            <StaticRow label="Cycle">
              <Text fz="xs">{user.cycle}</Text>
            </StaticRow>
            <StaticRow label="User credit">
              <Text fz="xs">{formatMoney(user.user_credit)}</Text>
            </StaticRow>
            <StaticRow label="Comments">
              {user.comments.length === 0 ? (
                <Text fz="xs" c="dimmed">
                  No comments
                </Text>
              ) : (
                <Stack gap={4}>
                  {user.comments.map((comment) => (
                    <Text key={comment.id} fz="xs">
                      {comment.body}{' '}
                      <Text span fz={10} c="dimmed">
                        — {comment.employee_name ?? 'system'}, {formatDateTime(comment.created_at)}
                      </Text>
                    </Text>
                  ))}
                </Stack>
              )}
            </StaticRow>
          </>
        )}
      </DataList>
    </Card>
  );
}
