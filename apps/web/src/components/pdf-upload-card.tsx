import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button, Card, Group, List, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { BACK_OFFICE_FLASH_SECONDS, NOTICE_MESSAGES } from '@portal/contracts';
import { flash } from '../lib/flash.ts';
import { ChosenFileItem, chosenFileKey, sameFile } from './chosen-file-item.tsx';

type PdfUploadCardProps = {
  title: string;
  description?: ReactNode;
  // The upload's own fields (the day dispute letters were received), shown above its button.
  children?: ReactNode;
  // Makes the call and tells the outcome; answers the files that failed, which stay in the list.
  onUpload: (files: File[]) => Promise<{ failedFileNames: readonly string[] }>;
};

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// Uploading PDFs (disputes, bankruptcy notices; spec 001 section 2): a drop area that also opens
// the file picker, PDFs only, each chosen file listed and removable, then one upload of them all.
// The server checks the content too; this only saves a round trip for an obvious mistake.
export function PdfUploadCard({ title, description, children, onUpload }: PdfUploadCardProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const add = (chosen: readonly File[]) => {
    setRefused(chosen.filter((file) => !isPdf(file)).map((file) => file.name));
    const pdfs = chosen.filter(isPdf);
    setFiles((listed) => [...listed, ...pdfs.filter((file) => !listed.some((other) => sameFile(file, other)))]);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) add(Array.from(event.dataTransfer.files));
  };

  const upload = async () => {
    if (files.length === 0) {
      flash(NOTICE_MESSAGES.selectFiles, { type: 'warning', duration: BACK_OFFICE_FLASH_SECONDS, placement: 'top' });
      return;
    }
    // The files left out belong to the last choice: a new upload is past them (issue 28: the
    // sentence stayed after a later upload had succeeded).
    setRefused([]);
    setUploading(true);
    try {
      const { failedFileNames } = await onUpload(files);
      setFiles((listed) => listed.filter((file) => failedFileNames.includes(file.name)));
    } catch {
      // onUpload has told what went wrong; every file stays for another try.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        <UnstyledButton
          onClick={() => input.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          disabled={uploading}
          // Named by the words it shows (no aria-label): WCAG 2.5.3, a speech user says what they see.
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-5' : 'gray-4'})`,
            borderRadius: 8,
            padding: 32,
            textAlign: 'center',
            background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Text fw={500}>Drag PDF files here or click to choose them</Text>
          <Text fz="sm" c="dimmed">
            PDF files only; several at once.
          </Text>
        </UnstyledButton>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          hidden
          data-testid="pdf-file-input"
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
        {refused.length > 0 && (
          <Text c="red" fz="sm" role="alert">
            Only PDF files can be uploaded: {refused.join(', ')} left out.
          </Text>
        )}
        {files.length > 0 && (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={500}>
                {files.length} file{files.length === 1 ? '' : 's'} selected
              </Text>
              <Button variant="subtle" color="red" size="xs" disabled={uploading} onClick={() => setFiles([])}>
                Remove All
              </Button>
            </Group>
            <List spacing={4} listStyleType="none">
              {files.map((file) => (
                <ChosenFileItem
                  key={chosenFileKey(file)}
                  file={file}
                  disabled={uploading}
                  onRemove={() => setFiles((listed) => listed.filter((other) => !sameFile(file, other)))}
                >
                  <Text fz="xs" c="dimmed">
                    {formatSize(file.size)}
                  </Text>
                </ChosenFileItem>
              ))}
            </List>
          </Stack>
        )}
        {children}
        <Group>
          <Button onClick={() => void upload()} loading={false} disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload Files'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
