import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  NOTICE_FIELD_LABELS,
  formatSsnEntry,
  isoToUsDate,
  noticeTypeLabel,
  type BankruptcyNotice,
} from '@portal/contracts';
import { findCourtDistrict } from '@portal/contracts/court-districts';
import { NOTICE_FIELD_NAMES, isDateField, isMaskedSsn, isSsnField, type NoticeFieldName } from '../notice-draft.ts';

function shown(field: NoticeFieldName, value: string | null): string {
  if (!value) return '—';
  if (field === 'court_district') return findCourtDistrict(value)?.name ?? value;
  if (isDateField(field)) return isoToUsDate(value) || value;
  if (isSsnField(field)) return isMaskedSsn(value) ? value : formatSsnEntry(value);
  return value;
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="sm">{value}</Text>
    </Stack>
  );
}

// The notice's view mode: every parsed field with its label, the court by name, dates MM/DD/YYYY.
export function NoticeView({ notice }: { notice: BankruptcyNotice }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" aria-label="Notice details">
      <Item label={NOTICE_FIELD_LABELS.type} value={notice.type ? noticeTypeLabel(notice.type) : '—'} />
      {NOTICE_FIELD_NAMES.map((field) => (
        <Item key={field} label={NOTICE_FIELD_LABELS[field]} value={shown(field, notice.parsed_data[field])} />
      ))}
    </SimpleGrid>
  );
}
