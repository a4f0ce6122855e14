import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { Alert, Button, Center, CopyButton, Image, List, Loader, Stack, TextInput } from '@mantine/core';
import { otpSecret } from '../otp-uri.ts';

const QR_SIZE = 220;

type MfaEnrolmentProps = { otpUri: string };

// The enrolment result: a QR code to scan, the secret to type in by hand, and the way back.
export function MfaEnrolment({ otpUri }: MfaEnrolmentProps) {
  const qrCode = useQuery({
    queryKey: ['mfa-qr-code', otpUri],
    queryFn: () => toDataURL(otpUri, { width: QR_SIZE, margin: 1 }),
    staleTime: Infinity,
    gcTime: 0,
  });
  const secret = otpSecret(otpUri);

  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" title="Scan this code now">
        MFA turns on when you sign in with the 6-digit code from your authenticator app. From then on, every sign-in
        needs a code.
      </Alert>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Open an authenticator app on your phone.</List.Item>
        <List.Item>Scan this QR code, or enter the secret key by hand.</List.Item>
        <List.Item>Sign in with the code the app shows to turn MFA on.</List.Item>
      </List>
      <Center mih={QR_SIZE}>
        {qrCode.data ? (
          <Image src={qrCode.data} alt="QR code to scan with your authenticator app" w={QR_SIZE} h={QR_SIZE} />
        ) : (
          <Loader aria-label="Drawing the QR code" />
        )}
      </Center>
      {secret && (
        <TextInput
          label="Secret key"
          description="For manual entry in your authenticator app"
          readOnly
          value={secret}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSectionWidth={72}
          rightSection={
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          }
        />
      )}
      <Button component={Link} to="/login" variant="light" fullWidth>
        Back to sign in
      </Button>
    </Stack>
  );
}
