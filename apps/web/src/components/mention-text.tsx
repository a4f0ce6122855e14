import { Text } from '@mantine/core';
import { noteSegments, type NoteMention } from '@portal/contracts';

// A note's text with the @mentions that notified someone highlighted (their name on hover); an
// @handle that notified nobody stays plain text. Line breaks are kept.
export function MentionText({ text, mentions }: { text: string; mentions: readonly NoteMention[] }) {
  const names = new Map(mentions.map((mention) => [mention.handle, mention.name]));
  return (
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {noteSegments(text, new Set(names.keys())).map((segment, index) =>
        segment.mention === null ? (
          segment.text
        ) : (
          <Text
            key={index}
            span
            fz="sm"
            fw={700}
            c="indigo.9"
            bg="indigo.0"
            px={2}
            style={{ borderRadius: 4 }}
            title={`Notified ${names.get(segment.mention) ?? segment.mention}`}
          >
            {segment.text}
          </Text>
        ),
      )}
    </Text>
  );
}
