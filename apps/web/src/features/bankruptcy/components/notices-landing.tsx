import { Link } from 'react-router';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NOTICE_MESSAGES, permissionRefusal, type UploadFailure } from '@portal/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { PdfUploadCard } from '../../../components/pdf-upload-card.tsx';
import { useCreateNotices } from '../api/create-notices.ts';
import { flashFailure, flashTop } from '../notice-flash.ts';
import { bankruptcyPaths } from '../paths.ts';

export function failedFilesWarning(failures: readonly UploadFailure[]): string {
  const named = failures.map((failure) => `${failure.file_name} (${failure.error})`).join('; ');
  return `${failures.length} file(s) failed to process and remain in the list: ${named}`;
}

function failuresOf(error: unknown): readonly UploadFailure[] {
  const failed = error instanceof ApiError ? error.details.failed_files : undefined;
  return Array.isArray(failed)
    ? failed.filter(
        (entry): entry is UploadFailure =>
          typeof entry === 'object' && entry !== null && typeof (entry as UploadFailure).file_name === 'string',
      )
    : [];
}

// The dashboard's landing (/bankruptcy; spec 001 section 2): upload notices, or go to the list.
// Uploading is the bankruptcy desk's (bankruptcy.create_notices, issue 37): others see the list only.
export function NoticesLanding() {
  const create = useCreateNotices();
  const mayUpload = useSession()?.permissions.includes('bankruptcy.create_notices') ?? false;

  const upload = async (files: File[]) => {
    try {
      const answer = await create.mutateAsync(files);
      if (answer.notices.length > 0) flashTop(NOTICE_MESSAGES.uploaded(answer.notices.length), 'success');
      if (answer.failed_files.length > 0) flashTop(failedFilesWarning(answer.failed_files), 'warning');
      return { failedFileNames: answer.failed_files.map((failure) => failure.file_name) };
    } catch (error) {
      // Every file was refused (each named by the server) or the upload failed: all stay listed.
      const failures = failuresOf(error);
      if (failures.length > 0) flashTop(failedFilesWarning(failures), 'error');
      else flashFailure(error, NOTICE_MESSAGES.uploadFailed);
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Bankruptcy Dashboard
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {mayUpload && (
          <PdfUploadCard
            title="Upload New Bankruptcy Notices"
            description="Court notices as PDF files: each file becomes one notice, read as it arrives."
            onUpload={upload}
          />
        )}
        <Card withBorder radius="md" p="lg">
          <Stack gap="md" align="flex-start">
            <Title order={2} fz="lg">
              View Bankruptcy Notices
            </Title>
            <Text c="dimmed">Work the notices not yet processed, oldest first.</Text>
            <Button component={Link} to={bankruptcyPaths.unprocessed} variant="light">
              View Unprocessed Notices
            </Button>
            {!mayUpload && (
              <Text fz="sm" c="dimmed">
                {permissionRefusal('bankruptcy.create_notices')}
              </Text>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
