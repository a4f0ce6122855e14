import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { CredentialFields } from './credential-fields.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useSignIn } from '../api/use-sign-in.ts';

const OTP_MAX_DIGITS = 6;

export function SignInForm() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password, otp });
  }

  return (
    <form onSubmit={submit} aria-busy={signIn.isPending}>
      <Stack gap="md">
        {signIn.isError && (
          <ErrorAlert title="Could not sign in" errors={errorMessages(signIn.error)} onClose={() => signIn.reset()} />
        )}
        <CredentialFields email={email} password={password} onEmailChange={setEmail} onPasswordChange={setPassword} />
        <TextInput
          label="One-time password"
          description="Only if MFA is on for your account."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_MAX_DIGITS}
          value={otp}
          onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_MAX_DIGITS))}
        />
        <Button type="submit" fullWidth loading={signIn.isPending} disabled={signIn.isPending}>
          Sign in
        </Button>
        <Group justify="center">
          <Anchor component={Link} to="/enable-mfa" size="sm">
            Enable MFA
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
