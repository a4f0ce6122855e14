import { Button, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { IdentityImage } from '@portal/contracts';
import { apiFileRequest } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/api-error.ts';
import { flashTop } from './identification-flash.ts';
import { identityImageLabel } from './identity-image-label.ts';

// How long the handed-over object URL stays valid: enough for the download to read it.
const OBJECT_URL_LIFETIME_MS = 60_000;

// The file is fetched with the bearer header (a plain link would carry no token), then saved
// under its own name.
async function downloadImage(image: IdentityImage): Promise<void> {
  const blob = await apiFileRequest(image.ident_image_url);
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement('a');
  link.href = url;
  link.download = image.name;
  link.click();
}

// Most browsers cannot draw a HEIC picture (iPhones' default), so it is offered as a download
// instead of being fetched for nothing.
export function HeicImagePlaceholder({ image }: { image: IdentityImage }) {
  const download = useMutation({
    mutationFn: downloadImage,
    onError: (error) => {
      for (const message of errorMessages(error)) flashTop(message, 'error');
    },
  });
  return (
    <Paper withBorder p="sm" w={160} h={120}>
      <Stack gap={6} align="center" justify="center" h="100%">
        <Text fz="xs" c="dimmed" ta="center">
          HEIC image: download to view
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          loading={download.isPending}
          aria-label={`Download ${identityImageLabel(image)}`}
          onClick={() => download.mutate(image)}
        >
          Download
        </Button>
      </Stack>
    </Paper>
  );
}
