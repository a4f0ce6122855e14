import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { MIN_NEW_PASSWORD_LENGTH } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useSetPassword } from '../api/set-password.ts';

// The token of the link, from the page's fragment (#token=...), which no request carries.
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token : null;
}

export function SetPasswordForm({ token }: { token: string | null }) {
  const setPassword = useSetPassword();
  const [password, setPasswordText] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);

  if (token === null) {
    return (
      <Alert color="red" variant="light" title="This link is incomplete">
        Open the link from your invitation email as it is, or ask a staff administrator for a new one.
      </Alert>
    );
  }
  if (setPassword.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert color="teal" variant="light">
          {setPassword.data.message}
        </Alert>
        <Button component={Link} to="/login">
          Sign in as {setPassword.data.email}
        </Button>
      </Stack>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== repeat) {
      setMismatch(true);
      return;
    }
    if (token !== null) setPassword.mutate({ token, password });
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {setPassword.isError && (
          <ErrorAlert
            title="Password not set"
            errors={errorMessages(setPassword.error)}
            onClose={() => setPassword.reset()}
          />
        )}
        <PasswordInput
          label="New password"
          description={`At least ${MIN_NEW_PASSWORD_LENGTH} characters, not a common password, a run of keys or your email. A few words in a row are easy to remember and hard to guess.`}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => {
            setPasswordText(event.currentTarget.value);
            setMismatch(false);
          }}
        />
        <PasswordInput
          label="Repeat it"
          autoComplete="new-password"
          required
          value={repeat}
          error={mismatch ? 'The two passwords differ.' : undefined}
          onChange={(event) => {
            setRepeat(event.currentTarget.value);
            setMismatch(false);
          }}
        />
        <Button type="submit" fullWidth loading={setPassword.isPending}>
          Set password
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to sign-in
        </Anchor>
      </Stack>
    </form>
  );
}
