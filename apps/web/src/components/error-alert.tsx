import { Alert, List } from '@mantine/core';

type ErrorAlertProps = {
  title: string;
  errors: readonly string[];
  onClose: () => void;
};

// The dismissible error box for a server's list of errors.
export function ErrorAlert({ title, errors, onClose }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" title={title} withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <List size="sm">
          {errors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
