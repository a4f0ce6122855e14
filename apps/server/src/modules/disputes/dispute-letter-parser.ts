import { isUsStateCode, US_STATES, ZIP_PATTERN, type DisputeType } from '@portal/contracts';

// What a consumer's dispute letter tells us before anyone reads it: the kind of dispute from its
// words, and the sender's name, address and phone from the sender block (at the top of the letter,
// or under the signature). Pure: it reads the text of the PDF (platform/pdf-text.ts, one line per
// printed line) and guesses nothing it cannot see; what it cannot read stays null for staff to
// fill in. It never names a customer: matching the letter to an account is staff's decision.

export type DisputeLetter = {
  type: DisputeType;
  firstName: string | null;
  lastName: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  // The 10 digits of a US phone number.
  phoneNumber: string | null;
};

// The first rule whose words the letter uses decides; identity theft first, as a letter claiming
// fraud may also ask to verify the debt, and that claim is the one the law makes urgent.
const TYPE_RULES: ReadonlyArray<{ type: DisputeType; words: RegExp }> = [
  {
    type: 'Dispute::IdentityTheft',
    words: /\bidentity theft\b|\bfraud|\bnot my account\b|\bidentity (?:was|has been) stolen\b/,
  },
  {
    type: 'Dispute::DebtValidation',
    words: /\bvalidat(?:e|ed|ion)\b|\bverify (?:the|this) debt\b|\bverification of (?:the|this) debt\b/,
  },
  { type: 'Dispute::GoodwillRequest', words: /\bgood ?will\b/ },
];

export function disputeTypeOf(text: string): DisputeType {
  const words = text.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ');
  return TYPE_RULES.find((rule) => rule.words.test(words))?.type ?? 'Dispute::Other';
}

type PersonName = { first: string; last: string };
type Block = {
  // Index of the block's first line (its name line, else its street).
  index: number;
  // 'other': the line above the street names a company or department (the lender's own address).
  kind: 'person' | 'other' | 'none';
  name: PersonName | null;
  street: string;
  city: string;
  state: string | null;
  zip: string | null;
  phoneNumber: string | null;
};

const CLOSING =
  /^(?:sincerely|sincerely yours|respectfully|respectfully yours|regards|best regards|kind regards|yours truly|very truly yours|thank you)[,.]?$/i;
const SALUTATION = /^(?:to whom it may concern|dear\b)/i;
// "Springfield, IL 62701", "Springfield, Illinois 62701-1234", "Springfield IL 62701".
const CITY_LINE = /^([A-Za-z][A-Za-z .'-]*?),\s*([A-Za-z][A-Za-z .]*?)\.?,?\s+(\d[\d-]*)$/;
const CITY_LINE_NO_COMMA = /^([A-Za-z][A-Za-z .'-]*?)\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const STREET_LINE = /^(?:\d+[A-Za-z]?\s+\S.*|p\.?\s*o\.?\s*box\s+\d+.*)$/i;
const UNIT_LINE = /^(?:apt|apartment|unit|suite|ste|#)\b\.?\s*\S+/i;
const PHONE_LINE =
  /^(?:(?:phone|tel|telephone|cell)\.?:?\s*)?(?:\+?1[\s.-]?)?\(?(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})$/i;
const NAME_WORD = /^(?:[A-Z][A-Za-z'-]*[a-zA-Z]|[A-Z]\.?)$/;
const TITLE = /^(?:mr|mrs|ms|miss|dr)\.?$/i;
const SUFFIX = /^(?:jr|sr|ii|iii|iv)\.?,?$/i;
const NOT_A_PERSON =
  /\b(?:llc|inc|corp|corporation|company|co|bank|lending|lender|loans?|financial|finance|credit|services?|department|dept|attn|attention|bureau|collections?|capital|group|team|customer|care|support|disputes?|office|center)\b/i;

function personName(line: string): PersonName | null {
  if (NOT_A_PERSON.test(line)) return null;
  const words = line
    .replace(/,/g, ' ')
    .split(' ')
    .filter((word) => word !== '' && !TITLE.test(word) && !SUFFIX.test(word));
  if (words.length < 2 || words.length > 4 || !words.every((word) => NAME_WORD.test(word))) return null;
  const first = words[0]!;
  const last = words[words.length - 1]!;
  // A bare initial is not a first or last name.
  if (first.replace('.', '').length < 2 || last.replace('.', '').length < 2) return null;
  return { first, last };
}

function stateCode(text: string): string | null {
  const cleaned = text.replace(/\./g, '').trim();
  const upper = cleaned.toUpperCase();
  if (upper.length === 2) return isUsStateCode(upper) ? upper : null;
  return US_STATES.find((state) => state.name.toUpperCase() === upper)?.code ?? null;
}

function cityLine(line: string): { city: string; state: string | null; zip: string | null } | null {
  const match = CITY_LINE.exec(line) ?? CITY_LINE_NO_COMMA.exec(line);
  if (!match) return null;
  const zip = match[3]!.trim();
  return { city: match[1]!.trim(), state: stateCode(match[2]!), zip: ZIP_PATTERN.test(zip) ? zip : null };
}

function phoneDigits(line: string | undefined): string | null {
  const match = line === undefined ? null : PHONE_LINE.exec(line);
  return match ? `${match[1]}${match[2]}${match[3]}` : null;
}

function findBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  lines.forEach((line, index) => {
    const place = cityLine(line);
    if (!place || index === 0) return;
    let first = index - 1;
    let street = lines[first]!;
    // "12 Main St" / "Apt 4" on two lines.
    if (UNIT_LINE.test(street) && index >= 2 && STREET_LINE.test(lines[index - 2]!)) {
      first = index - 2;
      street = `${lines[first]} ${street}`;
    }
    if (!STREET_LINE.test(street)) return;
    const nameLine = first > 0 ? lines[first - 1]! : null;
    const name = nameLine === null || CLOSING.test(nameLine) ? null : personName(nameLine);
    const kind = name ? 'person' : nameLine !== null && NOT_A_PERSON.test(nameLine) ? 'other' : 'none';
    blocks.push({
      index: name ? first - 1 : first,
      kind,
      name,
      street,
      ...place,
      phoneNumber: phoneDigits(lines[index + 1]),
    });
  });
  return blocks;
}

const sameName = (a: PersonName | null, b: PersonName | null) =>
  a !== null &&
  b !== null &&
  a.first.toLowerCase() === b.first.toLowerCase() &&
  a.last.toLowerCase() === b.last.toLowerCase();

// The sender's block: the one under the signature; else the one carrying the signer's name; else
// the letter's first address, if it is not the lender's, before the salutation (a business letter
// starts with the sender's address); else the first person's address there.
function senderBlock(blocks: Block[], lines: string[], signer: PersonName | null, closing: number): Block | null {
  const candidates = blocks.filter((block) => block.kind !== 'other');
  const salutation = lines.findIndex((line) => SALUTATION.test(line));
  const beforeSalutation = (block: Block) => salutation < 0 || block.index < salutation;
  const first = blocks[0];
  return (
    (closing >= 0 ? candidates.find((block) => block.index > closing) : undefined) ??
    candidates.find((block) => sameName(block.name, signer)) ??
    (first && first.kind !== 'other' && beforeSalutation(first) ? first : undefined) ??
    candidates.find((block) => block.kind === 'person' && beforeSalutation(block)) ??
    null
  );
}

export function readDisputeLetter(text: string): DisputeLetter {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  let closing = -1;
  lines.forEach((line, index) => {
    if (CLOSING.test(line)) closing = index;
  });
  const signer =
    closing >= 0
      ? (lines
          .slice(closing + 1, closing + 4)
          .map(personName)
          .find((name) => name !== null) ?? null)
      : null;
  const sender = senderBlock(findBlocks(lines), lines, signer, closing);
  const name = sender?.name ?? signer;
  return {
    type: disputeTypeOf(text),
    firstName: name?.first ?? null,
    lastName: name?.last ?? null,
    street: sender?.street ?? null,
    city: sender?.city ?? null,
    state: sender?.state ?? null,
    zip: sender?.zip ?? null,
    phoneNumber: sender?.phoneNumber ?? null,
  };
}
