import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { CredentialFields } from './credential-fields.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useEnableMfa } from '../api/enable-mfa.ts';
import { MfaEnrolment } from './mfa-enrolment.tsx';

export function EnableMfaForm() {
  const enableMfa = useEnableMfa();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enableMfa.mutate({ email: email.trim(), password });
  }

  if (enableMfa.data) return <MfaEnrolment otpUri={enableMfa.data.otp_uri} />;

  return (
    <form onSubmit={submit} aria-busy={enableMfa.isPending}>
      <Stack gap="md">
        {enableMfa.isError && (
          <ErrorAlert
            title="Could not enable MFA"
            errors={errorMessages(enableMfa.error)}
            onClose={() => enableMfa.reset()}
          />
        )}
        <CredentialFields email={email} password={password} onEmailChange={setEmail} onPasswordChange={setPassword} />
        <Button type="submit" fullWidth loading={enableMfa.isPending} disabled={enableMfa.isPending}>
          Get QR code
        </Button>
        <Group justify="center">
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
