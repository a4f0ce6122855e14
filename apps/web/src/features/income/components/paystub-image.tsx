import { Image } from '@mantine/core';
import { FileStatusBox } from '../../../components/file-status-box.tsx';
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
  if (state.status !== 'ready')
    return (
      <FileStatusBox
        minHeight={minHeight}
        loadingLabel="Loading paystub"
        message={state.status === 'failed' ? state.message : null}
      />
    );
  return <Image src={state.objectUrl} alt={alt} fit="contain" radius="sm" />;
}
