import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { letterReceivedOnProblem } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateDisputes } from '../api/create-disputes.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';
import { PdfUploadCard } from '../../../components/pdf-upload-card.tsx';

const UPLOAD_FAILED = 'An error occurred while creating disputes. Please try again.';

// /disputes (spec 001 section 2): upload dispute letters (one dispute per PDF) and go to the list.
// The day the letters reached us is asked for (today unless changed): their 30 days run from it
// (12 CFR 1022.43(e)(3)), not from the upload.
export function DisputesLanding() {
  const { mutateAsync: createDisputes } = useCreateDisputes();
  const today = businessToday();
  const [receivedOn, setReceivedOn] = useState(today);
  const dateProblem = letterReceivedOnProblem(receivedOn, today);

  // Tells the outcome; the files that failed stay in the card for another try.
  const upload = async (files: File[]) => {
    if (dateProblem) {
      flashDispute(dateProblem, 'error');
      return { failedFileNames: files.map((file) => file.name) };
    }
    try {
      const answer = await createDisputes({ files, receivedOn });
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
      >
        <TextInput
          type="date"
          label="Letters received on"
          description="The day the letters reached us: their 30 days run from it."
          value={receivedOn}
          max={today}
          onChange={(event) => setReceivedOn(event.currentTarget.value)}
          error={dateProblem}
          w={260}
        />
      </PdfUploadCard>
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
