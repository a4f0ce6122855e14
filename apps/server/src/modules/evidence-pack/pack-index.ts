import { customerName, type CustomerRecord } from '../customers/index.ts';
import { json, type PackFile, type PackStamp } from './pack-file.ts';

// The pack's index for people (README.txt: what each file is, whose pack it is, who built it and
// when, what is left out) and for machines (manifest.json: the same list with each file's size and
// SHA-256, so a copy can be checked against what the Portal handed out). Both are written last, once
// every other file has been streamed and counted.

export const MANIFEST_FORMAT = 'portal-evidence-pack/1';
export const README_PATH = 'README.txt';
export const MANIFEST_PATH = 'manifest.json';

const LEFT_OUT = [
  "The whole SSN: only its last four digits appear (FCRA, GLBA); a whole number written in a message or a bureau's or court's field is shown as ***-**-NNNN.",
  'Whole bank account numbers: their last four digits and the routing number only.',
  "The driver's license number an application gave (identity reviews list the checks and the decision).",
  "The whole Metro 2 records as sent: their account fields are in credit-reporting/metro2-history.csv; the consumer's SSN, date of birth and phone number they carry are not.",
  "Files the customer uploaded (identity documents, selfies, paystubs): listed in profile/documents-held.csv, opened from the user page's documents.",
  "The dispute letters and court notices as received (PDFs that may carry a whole SSN), and the bureaus' ACDV images: what was read from them is in disputes/ and bankruptcy/.",
  "Monthly statements: drawn on demand from the loan's payments, which are here; listed in each loans/loan-N.json.",
  'Raw email source and provider payloads of messages, and the IP addresses staff worked from.',
];

export type Entry = Pick<PackFile, 'path' | 'section' | 'description' | 'records'>;

export function readmeFile(
  customer: CustomerRecord,
  stamp: PackStamp,
  files: readonly Entry[],
  notes: readonly string[],
): PackFile {
  const listed: Entry[] = [
    { path: README_PATH, section: 'index', description: 'This index.', records: null },
    {
      path: MANIFEST_PATH,
      section: 'index',
      description: "The same list for machines: each file's section, size, record count and SHA-256.",
      records: null,
    },
    ...files,
  ];
  const width = Math.max(...listed.map((file) => file.path.length)) + 2;
  const lines = [
    `EVIDENCE PACK - customer ${customer.id}, ${customerName(customer)}`,
    '',
    `Built:    ${stamp.builtAt.toISOString()} (business date ${stamp.today}, ${stamp.timeZone})`,
    `Built by: ${stamp.builtBy.name} (employee #${stamp.builtBy.employeeId})`,
    '',
    'Everything the Portal held on this customer when the pack was built, read at one instant, for a',
    "CFPB complaint response or an examiner's sample (decision 050). Times are UTC (ISO 8601); dates are",
    'business dates; amounts are US dollars. In the CSV files a text starting with = + - or @ is written',
    "after a ' so no spreadsheet runs it as a formula.",
    '',
    ...(notes.length > 0 ? ['NOTES', ...notes.map((note) => `  - ${note}`), ''] : []),
    'FILES',
    ...listed.map(
      (file) => `  ${file.path.padEnd(width)}${file.description}${file.records === null ? '' : ` [${file.records}]`}`,
    ),
    '',
    'NOT IN THIS PACK',
    ...LEFT_OUT.map((line) => `  - ${line}`),
    '',
  ];
  return {
    path: README_PATH,
    section: 'index',
    description: 'This index.',
    content: lines.join('\r\n'),
    records: null,
  };
}

// A file as the manifest lists it: what the index says of it, and its size and SHA-256 as zipped.
export type ManifestEntry = Entry & { bytes: number; sha256: string };

export function manifestFile(customer: CustomerRecord, stamp: PackStamp, files: readonly ManifestEntry[]): PackFile {
  return {
    path: MANIFEST_PATH,
    section: 'index',
    description: 'The list of files for machines.',
    content: json({
      format: MANIFEST_FORMAT,
      customer_id: customer.id,
      customer_name: customerName(customer),
      built_at: stamp.builtAt.toISOString(),
      business_date: stamp.today,
      time_zone: stamp.timeZone,
      built_by: { employee_id: stamp.builtBy.employeeId, name: stamp.builtBy.name },
      files: files.map((file) => ({
        path: file.path,
        section: file.section,
        description: file.description,
        records: file.records,
        bytes: file.bytes,
        sha256: file.sha256,
      })),
    }),
    records: null,
  };
}
