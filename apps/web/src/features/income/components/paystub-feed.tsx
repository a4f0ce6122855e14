import { useState } from 'react';
import { Badge, NavLink, Stack, Text, Title } from '@mantine/core';
import type { IncomeReviewItem, Paystub } from '@portal/contracts';
import { DocumentFrame } from '../../../components/document-frame.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { PaystubImage } from './paystub-image.tsx';

const VIEWER_MIN_HEIGHT = 800;

type ShownPaystub = Pick<Paystub, 'url' | 'stub_file_type' | 'name'>;

// The one to read first: the item's own paystub, else the first not yet reviewed (the list is
// newest first), else the newest.
function firstToRead(item: IncomeReviewItem): Paystub | undefined {
  return (
    item.paystubs.find((paystub) => paystub.url === item.url) ??
    item.paystubs.find((paystub) => paystub.reviewed_at === null) ??
    item.paystubs[0]
  );
}

function PaystubViewer({ paystub }: { paystub: ShownPaystub }) {
  const title = `Paystub ${paystub.name}`;
  return paystub.stub_file_type === 'pdf' ? (
    <DocumentFrame url={paystub.url} title={title} minHeight={VIEWER_MIN_HEIGHT} placeholder="No paystub to show" />
  ) : (
    <PaystubImage url={paystub.url} alt={title} minHeight={VIEWER_MIN_HEIGHT} />
  );
}

// The loan's paystubs (spec 001 sections 2 and 3): the chosen one shown, as a picture or a PDF, and
// the list of them all to switch between.
export function PaystubFeed({ item }: { item: IncomeReviewItem }) {
  const [chosenId, setChosenId] = useState<number | null>(() => firstToRead(item)?.id ?? null);
  const chosen = item.paystubs.find((paystub) => paystub.id === chosenId);
  // An item may come with its document alone, outside the list.
  const shown: ShownPaystub = chosen ?? { url: item.url, stub_file_type: item.stub_file_type, name: 'of the loan' };

  return (
    <Stack gap="sm" component="section" aria-label="Paystubs">
      <PaystubViewer paystub={shown} />
      <Title order={3} fz="md">
        Paystubs
      </Title>
      {item.paystubs.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No other paystubs on this loan.
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-label="Paystubs of the loan" p={0} m={0} style={{ listStyle: 'none' }}>
          {item.paystubs.map((paystub) => (
            <li key={paystub.id}>
              <NavLink
                component="button"
                type="button"
                active={paystub.id === chosen?.id}
                aria-current={paystub.id === chosen?.id ? 'true' : undefined}
                onClick={() => setChosenId(paystub.id)}
                label={`Uploaded ${formatDateTime(paystub.uploaded_at)}`}
                description={paystub.name}
                rightSection={
                  paystub.reviewed_at === null ? (
                    <Badge color="orange" variant="light">
                      New
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Reviewed {formatDate(paystub.reviewed_at)}
                    </Badge>
                  )
                }
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
