import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { EditableUserField, UserProfile } from '@portal/contracts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { verificationColor, verificationLabel } from '@portal/contracts';
import { useAllowNewPlaid } from '../api/allow-new-plaid.ts';
import { useEditUserInfo } from '../api/edit-user-info.ts';
import { ContactFlagSwitches } from './contact-flag-switches.tsx';
import { EmailsPopover } from './emails-popover.tsx';
import { UserField } from './user-field.tsx';
import { userPath } from '../../../lib/user-path.ts';

type UserCardProps = {
  user: UserProfile;
  // The page's buttons (Advanced, letters, hotlink, transaction emails), composed by the screen.
  actions: ReactNode;
  mutationConfig?: MutationEvents;
};

function formatPhone(phone: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz={11} c="dimmed">
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text span fz="sm" c="dimmed">
      {children}
    </Text>
  );
}

// The user card (spec 000 section 2 'User page').
export function UserCard({ user, actions, mutationConfig }: UserCardProps) {
  const edit = useEditUserInfo({ mutationConfig });
  const plaid = useAllowNewPlaid({ mutationConfig });

  const save = (parameter: EditableUserField, text: string, force: boolean) =>
    edit.mutateAsync({ id: user.id, parameter, text, force });
  const field = (label: string, name: EditableUserField, value: string | null, display?: string) => (
    <UserField label={label} field={name} value={value} display={display} onSave={save} />
  );

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} fz="lg">
                {user.first_name} {user.middle_initial ? `${user.middle_initial}. ` : ''}
                {user.last_name}
              </Title>
              <Anchor component={Link} to={userPath(user.id)} fz="sm">
                #{user.id}
              </Anchor>
            </Group>
            <Group gap={6}>
              <Badge size="sm" variant="light" color={verificationColor(user.verified)}>
                {verificationLabel(user.verified)}
                {user.verified_time ? ` · ${formatDate(user.verified_time)}` : ''}
              </Badge>
              {user.dnp && (
                <Badge size="sm" color="red" title="DNP (do not process payments)">
                  DNP
                </Badge>
              )}
            </Group>
          </Stack>
          <Group gap="xs">
            {actions}
            {user.plaid_needs_update_mode && (
              <Button
                size="xs"
                variant="light"
                loading={plaid.isPending}
                onClick={() => plaid.mutate({ user_id: user.id })}
              >
                Allow User to create a new Plaid connection
              </Button>
            )}
          </Group>
        </Group>

        <ContactFlagSwitches user={user} mutationConfig={mutationConfig} />

        <Divider label="Personal (click copies, right-click or F2 edits)" labelPosition="left" />
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          {field('First name', 'first_name', user.first_name)}
          {field('Middle initial', 'middle_initial', user.middle_initial)}
          {field('Last name', 'last_name', user.last_name)}
          <Stack gap={0} align="flex-start">
            {field('Email', 'email', user.email)}
            <EmailsPopover userId={user.id} mutationConfig={mutationConfig} />
          </Stack>
          {field(
            'Phone',
            'phone_number',
            user.phone_number,
            user.phone_number ? formatPhone(user.phone_number) : undefined,
          )}
          {field('Birthday', 'birthday', user.birthday, user.birthday ? formatDate(user.birthday) : undefined)}
        </SimpleGrid>

        <Divider label="Account" labelPosition="left" />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <Fact label="SSN">{user.ssn ?? <Dimmed>None on file</Dimmed>}</Fact>
          <Fact label="Location">
            {[user.street, user.city, [user.state, user.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') || (
              <Dimmed>—</Dimmed>
            )}
          </Fact>
          <Fact label="Bounces">{user.bounces}</Fact>
          <Fact label="Days delayed">{user.days_delayed}</Fact>
          <Fact label="Cycle">{user.cycle}</Fact>
          <Fact label="UTM">
            {[user.utm_source, user.utm_content].filter(Boolean).join(' / ') || <Dimmed>—</Dimmed>}
          </Fact>
          {user.utm_source === 'refer' && (
            <Fact label="Referred By">
              {user.referred_by ? (
                <Anchor component={Link} to={userPath(user.referred_by.id)} fz="sm">
                  {user.referred_by.name} (#{user.referred_by.id})
                </Anchor>
              ) : (
                <Dimmed>Unknown</Dimmed>
              )}
            </Fact>
          )}
          <Fact label="Plaid / IBV">
            {user.plaid_count} Plaid · {user.ibv_count} IBV
          </Fact>
          <Fact label="Bank account">
            {user.bank_account ? (
              `•••• ${user.bank_account.account_last4} · routing ${user.bank_account.routing} · added ${formatDate(user.bank_account.added)}${user.bank_account.dnp ? ' · DNP' : ''}`
            ) : (
              <Dimmed>No bank account on file</Dimmed>
            )}
          </Fact>
          <Fact label="Debit card">
            {user.debit_card ? (
              `•••• ${user.debit_card.last_four}${user.debit_card.dnp ? ' · DNP' : ''}`
            ) : (
              <Dimmed>No card on file</Dimmed>
            )}
          </Fact>
          <Fact label="User credit">{formatMoney(user.user_credit)}</Fact>
          <Fact label="Referral code">{user.referral_code ?? <Dimmed>—</Dimmed>}</Fact>
          <Fact label="Referrals">
            {user.referrals.length === 0 ? (
              <Dimmed>None</Dimmed>
            ) : (
              <Group gap={6}>
                {user.referrals.map((referral) => (
                  <Anchor key={referral.id} component={Link} to={userPath(referral.id)} fz="sm">
                    {referral.name}
                  </Anchor>
                ))}
              </Group>
            )}
          </Fact>
          <Fact label="Surveys">
            {user.survey_links.length === 0 ? (
              <Dimmed>No survey responses</Dimmed>
            ) : (
              <Group gap={6}>
                {user.survey_links.map((link) => (
                  <Anchor key={link.url} component={Link} to={link.url} fz="sm">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            )}
          </Fact>
        </SimpleGrid>

        <Divider label="Recent messages" labelPosition="left" />
        {user.recent_messages.length === 0 ? (
          <Dimmed>No messages</Dimmed>
        ) : (
          <Stack gap={4} aria-label="Recent messages">
            {user.recent_messages.map((message) => (
              <Group key={message.id} gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  size="xs"
                  variant="light"
                  color={message.inbound ? 'blue' : 'gray'}
                  w={104}
                  style={{ flexShrink: 0 }}
                >
                  {message.inbound ? 'in' : 'out'} · {message.type}
                </Badge>
                <Text fz="xs" c="dimmed" w={130} style={{ flexShrink: 0 }}>
                  {formatDateTime(message.created_at)}
                </Text>
                {!message.inbound && message.status !== 'sent' && (
                  <Badge
                    size="xs"
                    variant="light"
                    color={message.status === 'undelivered' ? 'red' : 'orange'}
                    tt="none"
                  >
                    {message.status === 'undelivered'
                      ? 'Undelivered'
                      : message.held_until
                        ? `Held until ${formatDateTime(message.held_until)} (your time)`
                        : 'In outbox'}
                  </Badge>
                )}
                <Text fz="xs" lineClamp={2}>
                  {message.subject ? <strong>{message.subject}: </strong> : null}
                  {message.body}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
