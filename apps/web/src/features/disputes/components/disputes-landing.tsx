import { Link } from 'react-router';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateDisputes } from '../api/create-disputes.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';
import { PdfUploadCard } from '../../../components/pdf-upload-card.tsx';

const UPLOAD_FAILED = 'An error occurred while creating disputes. Please try again.';

// /disputes (spec 001 section 2): upload dispute letters (one dispute per PDF) and go to the list.
export function DisputesLanding() {
  const { mutateAsync: createDisputes } = useCreateDisputes();

  // Tells the outcome; the files that failed stay in the card for another try.
  const upload = async (files: File[]) => {
    try {
      const answer = await createDisputes(files);
      if (answer.failed_files.length === 0) {
        flashDispute(`${answer.created_disputes.length} dispute(s) created successfully.`, 'success');
        return { failedFileNames: [] };
      }
      flashDispute(answer.message, 'warning');
      return { failedFileNames: answer.failed_files.map((failure) => failure.file_name) };
    } catch (error) {
      const messages = error instanceof ApiError ? failureMessages(error, UPLOAD_FAILED) : [UPLOAD_FAILED];
      for (const message of messages) flashDispute(message, 'error');
      throw error;
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <PdfUploadCard
        title="Upload Disputes"
        description="Drop the dispute letters as PDF files: each file becomes one dispute in the unresolved list."
        onUpload={upload}
      />
      <Card withBorder radius="md" p="lg">
        <Stack gap="md" align="flex-start">
          <Title order={2} fz="lg">
            Unresolved Disputes
          </Title>
          <Text c="dimmed">Work the disputes waiting for a response, oldest due date first.</Text>
          <Button component={Link} to="/disputes/unresolved">
            View Unresolved Disputes
          </Button>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
