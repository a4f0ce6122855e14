import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from './error-alert.tsx';

type FormModalProps = {
  opened: boolean;
  onClose: () => void;
  // The modal's title, and the form's name for screen readers.
  title: string;
  // What sending it does, above the fields.
  intro?: ReactNode;
  // Why the last try recorded nothing (the form's own check or the server's refusal).
  errors: readonly string[];
  onDismissErrors: () => void;
  onSubmit: (event: FormEvent) => void | Promise<void>;
  // While the form is sent: Cancel is off and the submit button spins.
  pending: boolean;
  submitLabel: ReactNode;
  children: ReactNode;
};

// A modal of one form that records something: its sentence, what stopped the last try, the fields,
// then Cancel and the submit button.
export function FormModal({
  opened,
  onClose,
  title,
  intro,
  errors,
  onDismissErrors,
  onSubmit,
  pending,
  submitLabel,
  children,
}: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <Stack gap="sm">
          {intro !== undefined && <Text fz="sm">{intro}</Text>}
          {errors.length > 0 && <ErrorAlert title="Nothing was recorded" errors={errors} onClose={onDismissErrors} />}
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
