import { Box, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { metro2 } from '@portal/contracts/metro2';
import { MONTH_NAMES } from '@portal/contracts';

type HistoryYear = {
  year: number;
  months: ReadonlyArray<string | null>;
  // The compliance condition code reported at each month's end (XB, XC, XH), or null.
  compliance: ReadonlyArray<string | null>;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Swatch = { background: string; color: string };

const DARK_TEXT = 'var(--mantine-color-dark-9)';
const LIGHT_TEXT = 'var(--mantine-color-white)';

// How a month's payment history code is coloured: current green, 30 days yellow, 60 orange, 90 and
// more ever deeper reds, charge-off black, no history grey (each with text that reads on it).
export function historySwatch(code: string): Swatch {
  switch (code) {
    case '0':
    case 'E':
      return { background: 'var(--mantine-color-green-3)', color: DARK_TEXT };
    case '1':
      return { background: 'var(--mantine-color-yellow-4)', color: DARK_TEXT };
    case '2':
      return { background: 'var(--mantine-color-orange-5)', color: DARK_TEXT };
    case '3':
      return { background: 'var(--mantine-color-red-3)', color: DARK_TEXT };
    case '4':
      return { background: 'var(--mantine-color-red-5)', color: DARK_TEXT };
    case '5':
      return { background: 'var(--mantine-color-red-8)', color: LIGHT_TEXT };
    case '6':
      return { background: 'var(--mantine-color-red-9)', color: LIGHT_TEXT };
    case 'L':
      return { background: 'var(--mantine-color-black)', color: LIGHT_TEXT };
    case 'B':
    case 'D':
      return { background: 'var(--mantine-color-gray-4)', color: DARK_TEXT };
    default:
      return { background: 'var(--mantine-color-violet-2)', color: DARK_TEXT };
  }
}

const meanings = metro2.payment_history_profile as Record<string, string>;
const complianceMeanings = metro2.compliance_condition as Record<string, string>;

// The compliance condition codes the grid shows, each with its meaning, in words on the page (a
// cell's title is only a hint: touch and keyboard users never see it).
function ComplianceLegend({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return null;
  return (
    <Box component="ul" aria-label="Compliance condition codes" p={0} m={0} style={{ listStyle: 'none' }}>
      {codes.map((code) => (
        <Box component="li" key={code} fz="xs">
          <Text span fz="xs" fw={700}>
            {code}
          </Text>{' '}
          (compliance condition): {complianceMeanings[code] ?? 'not a Metro 2 compliance condition code'}
        </Box>
      ))}
    </Box>
  );
}

// A cell's hint: the month, its history code and its compliance condition code, with their meanings.
function cellTitle(month: string, code: string, compliance: string | null): string {
  const meaning = meanings[code];
  const history = `${month}: ${code}${meaning ? ` — ${meaning}` : ''}`;
  if (!compliance) return history;
  const condition = complianceMeanings[compliance];
  return `${history}; compliance condition ${compliance}${condition ? ` — ${condition}` : ''}`;
}

function Legend() {
  return (
    // The list itself wraps its items (a Group's div between the ul and its li's is not allowed).
    <Box
      component="ul"
      aria-label="Payment history codes"
      p={0}
      m={0}
      style={{
        listStyle: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 'var(--mantine-spacing-xs)',
        rowGap: 4,
      }}
    >
      {Object.entries(meanings).map(([code, meaning]) => {
        const swatch = historySwatch(code);
        return (
          <Box component="li" key={code}>
            <Group gap={4} wrap="nowrap">
              <Box
                component="span"
                w={22}
                h={20}
                fz="xs"
                fw={700}
                ta="center"
                style={{ ...swatch, borderRadius: 3, lineHeight: '20px', display: 'inline-block' }}
              >
                {code}
              </Box>
              <Text span fz="xs">
                {meaning}
              </Text>
            </Group>
          </Box>
        );
      })}
    </Box>
  );
}

// The account history (spec 001 sections 2 and 9): 7 years (rows, the report date's year first) by
// 12 months (columns), each cell the month's Metro 2 payment history code, coloured, and under it
// the compliance condition code reported that month, if any (a dispute: decision 049), with
// legends of the codes' meanings. Months after the report date are empty.
export function AccountHistoryGrid({ history }: { history: readonly HistoryYear[] }) {
  const years = history.map((row) => row.year);
  const span = years.length > 0 ? `${Math.min(...years)}–${Math.max(...years)}` : '';
  const complianceCodes = [
    ...new Set(history.flatMap((row) => row.compliance).filter((code): code is string => code !== null)),
  ].sort();
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Account history
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder withColumnBorders fz="sm" layout="fixed" verticalSpacing={4}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            Payment history code of each month, {span}
            {complianceCodes.length > 0 ? ', with the compliance condition code under it when one was reported' : ''}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={64}>
                Year
              </Table.Th>
              {MONTHS.map((month, index) => (
                <Table.Th key={month} scope="col" ta="center" abbr={MONTH_NAMES[index]}>
                  {month}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((row) => (
              <Table.Tr key={row.year}>
                <Table.Th scope="row">{row.year}</Table.Th>
                {MONTHS.map((month, index) => {
                  const code = row.months[index] ?? null;
                  if (code === null) return <Table.Td key={month} />;
                  const compliance = row.compliance[index] ?? null;
                  return (
                    <Table.Td
                      key={month}
                      ta="center"
                      fw={700}
                      title={cellTitle(`${MONTH_NAMES[index]} ${row.year}`, code, compliance)}
                      style={historySwatch(code)}
                    >
                      {code}
                      {compliance && (
                        <Box component="span" display="block" fz="xs" lh={1.1}>
                          <VisuallyHidden>, compliance condition </VisuallyHidden>
                          {compliance}
                        </Box>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Legend />
      <ComplianceLegend codes={complianceCodes} />
    </Stack>
  );
}
