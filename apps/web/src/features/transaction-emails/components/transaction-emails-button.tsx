import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TransactionEmailList } from './transaction-email-list.tsx';
import { TransactionEmailView } from './transaction-email-view.tsx';

type TransactionEmailsButtonProps = { userId: number };

// The emails our systems sent the customer (receipts, payment reminders): a modal listing them 50
// a page; choosing one shows it as it was sent.
export function TransactionEmailsButton({ userId }: TransactionEmailsButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={open}>
        Transaction Emails
      </Button>
      <Modal opened={opened} onClose={close} title={`Transaction emails · customer #${userId}`} size="xl">
        {opened && <TransactionEmailsPanel key={userId} userId={userId} />}
      </Modal>
    </>
  );
}

// The list and the open email, for a modal or a page of its own.
export function TransactionEmailsPanel({ userId }: TransactionEmailsButtonProps) {
  const [pageTokens, setPageTokens] = useState<Array<string | null>>([null]);
  const [openKey, setOpenKey] = useState<string | null>(null);
  if (openKey !== null)
    return <TransactionEmailView userId={userId} emailKey={openKey} onBack={() => setOpenKey(null)} />;
  return (
    <TransactionEmailList
      userId={userId}
      pageTokens={pageTokens}
      onPageTokensChange={setPageTokens}
      onOpen={(email) => setOpenKey(email.key)}
    />
  );
}
