import { Center, Image, Loader, Paper, Text } from '@mantine/core';
import { useApiFileUrl } from '../../../lib/use-api-file-url.ts';

type PaystubImageProps = {
  // The API path of the picture (GET documents/:id).
  url: string;
  alt: string;
  minHeight: number;
};

// A paystub sent as a picture. Shown from a blob URL (lib/use-api-file-url.ts): an img's
// own request would carry no token.
export function PaystubImage({ url, alt, minHeight }: PaystubImageProps) {
  const state = useApiFileUrl(url, 'The paystub');
  if (state.status === 'loading')
    return (
      <Paper withBorder mih={minHeight}>
        <Center mih={minHeight}>
          <Loader size="sm" aria-label="Loading paystub" />
        </Center>
      </Paper>
    );
  if (state.status === 'failed')
    return (
      <Paper withBorder mih={minHeight} p="xl">
        <Center mih={minHeight - 48}>
          <Text c="red" role="alert">
            {state.message}
          </Text>
        </Center>
      </Paper>
    );
  return <Image src={state.objectUrl} alt={alt} fit="contain" radius="sm" />;
}
