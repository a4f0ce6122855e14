import { Badge, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { MacroVersion } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMacroVersions } from '../api/get-macro-versions.ts';
import { MacroReadFailure } from './macro-read-failure.tsx';

type MacroHistoryProps = {
  // The saved macro's title; null for a new macro.
  title: string | null;
  onPick: (version: MacroVersion) => void;
};

// The macro's saved texts, newest first, with who saved each. Picking one puts its text and tags
// in the form; nothing changes until it is saved.
export function MacroHistory({ title, onPick }: MacroHistoryProps) {
  const versions = useMacroVersions(title);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="macro-history-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="macro-history-heading">
          History
        </Title>
        {title === null ? (
          <Text fz="sm" c="dimmed">
            A new macro has no history yet. Each save is kept here with who made it.
          </Text>
        ) : versions.isPending ? (
          <Stack gap="xs" aria-label="Loading the history">
            <Skeleton h={52} />
            <Skeleton h={52} />
          </Stack>
        ) : versions.isError ? (
          <MacroReadFailure
            title="The history could not be loaded"
            error={versions.error}
            onRetry={() => void versions.refetch()}
          />
        ) : versions.data.versions.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No saved versions yet: this macro has not been changed in the editor.
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Saved versions">
            {versions.data.versions.map((version, index) => (
              <VersionItem
                key={`${version.saved_at}-${index}`}
                version={version}
                current={index === 0}
                title={title}
                onPick={onPick}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

type VersionItemProps = { version: MacroVersion; current: boolean; title: string; onPick: MacroHistoryProps['onPick'] };

function VersionItem({ version, current, title, onPick }: VersionItemProps) {
  const when = formatDateTime(version.saved_at);
  const who = version.saved_by ?? 'an unknown employee';
  return (
    <div role="listitem">
      <UnstyledButton
        onClick={() => onPick(version)}
        aria-label={`Load the text saved ${when} by ${who}`}
        w="100%"
        p="xs"
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" fw={600}>
            {when}
          </Text>
          <Group gap={4} wrap="nowrap">
            {version.title !== title && (
              <Badge variant="outline" color="gray" tt="none">
                as #{version.title}
              </Badge>
            )}
            {current && (
              <Badge variant="light" color="teal">
                Current
              </Badge>
            )}
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          Saved by {who}
          {version.tags.length > 0 ? ` · ${version.tags.join(', ')}` : ''}
        </Text>
        <Text fz="sm" lineClamp={2} mt={4}>
          {version.body}
        </Text>
      </UnstyledButton>
    </div>
  );
}
