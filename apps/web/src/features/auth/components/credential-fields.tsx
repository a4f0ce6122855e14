import { PasswordInput, TextInput } from '@mantine/core';

type CredentialFieldsProps = {
  email: string;
  password: string;
  onEmailChange: (email: string) => void;
  onPasswordChange: (password: string) => void;
};

// Email and password, as both the sign-in and the enable-MFA forms ask for them.
export function CredentialFields({ email, password, onEmailChange, onPasswordChange }: CredentialFieldsProps) {
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        required
        withAsterisk={false}
        value={email}
        onChange={(event) => onEmailChange(event.currentTarget.value)}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        withAsterisk={false}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
      />
    </>
  );
}
