import type { NoticeFields } from '@portal/contracts';
// A subpath of its own, so the 94 courts load only where a screen or a parser needs them.
import { courtDistrictFromWords } from '@portal/contracts/court-districts';

// Reads a bankruptcy court's notice (its PDF's text) into the fields of parsed_data (spec 001
// section 3): the case, the court, the chapter, the debtors with the last four of their SSNs, the
// dates, and which kind of notice it is. Pure: the text in, what was found out; a field not found
// stays null and staff fill it in on the notice form. The shapes are the courts' official forms:
// 309A/309I (notice of a chapter 7 or 13 case), 318 and 3180W (discharge orders), and the orders
// dismissing, converting and confirming.

export type NoticeKind = 'InitialFiling' | 'Dismissal' | 'Discharge' | 'Conversion' | 'PlanConfirmation' | 'Other';

// The fields of parsed_data as the notice form has them (contracts), the chapter as the form's 7
// or 13, and which kind of notice it is.
export type ParsedNotice = Omit<NoticeFields, 'b_type'> & { type: NoticeKind; b_type: '7' | '13' | null };

export type NoticeReading = { hasText: boolean; parsed: ParsedNotice };

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

// '03/04/2024', '3/4/24', 'March 4, 2024' -> '2024-03-04'; null for anything else or no such day.
export function noticeDate(text: string): string | null {
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  const named = /^([A-Za-z]+)\.? (\d{1,2}), (\d{4})$/.exec(text.trim());
  let year: number, month: number, day: number;
  if (numeric) {
    month = Number(numeric[1]);
    day = Number(numeric[2]);
    year = numeric[3]!.length === 2 ? 2000 + Number(numeric[3]) : Number(numeric[3]);
  } else if (named) {
    month = MONTHS.findIndex((name) => name.startsWith(named[1]!.toLowerCase().slice(0, 3))) + 1;
    day = Number(named[2]);
    year = Number(named[3]);
    if (month === 0) return null;
  } else {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const DATE = String.raw`(\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]+\.? \d{1,2}, \d{4})`;

function firstDate(text: string, label: RegExp): string | null {
  const match = new RegExp(`(?:${label.source})[^\\n\\d]{0,40}?${DATE}`, 'i').exec(text);
  return match ? noticeDate(match[match.length - 1]!) : null;
}

// The kind of notice, by the title the court gives it. Order matters: a discharge order of a case
// converted long ago still says 'converted' in its history, so the order's own title comes first.
function noticeKind(text: string): NoticeKind {
  if (
    /order (of|granting) discharge|discharge of debtor|chapter 13 discharge|\bdischarge is granted\b|a discharge under 11 u\.?s\.?c\.?/i.test(
      text,
    )
  )
    return 'Discharge';
  if (/order (dismissing|of dismissal)|case (is|was) dismissed|notice of dismissal/i.test(text)) return 'Dismissal';
  if (/order converting|notice of conversion|converted to (a case under )?chapter/i.test(text)) return 'Conversion';
  if (/order confirming (the )?(chapter 13 )?plan|plan (is|was) confirmed|confirmation of (the )?plan/i.test(text))
    return 'PlanConfirmation';
  if (/notice of chapter (7|13) bankruptcy case|meeting of creditors|date case filed/i.test(text))
    return 'InitialFiling';
  return 'Other';
}

// 'xxx-xx-1234', 'XXX-XX-1234', '***-**-1234': the last four, as the official forms print them. A
// number printed whole ('123-45-6789', on some courts' own notices) is kept whole: it finds the
// customer surely, and it is sealed before it is stored (notice-ssn.ts).
function debtorSsn(text: string | undefined): string | null {
  if (!text) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 9) return digits;
  return digits.length >= 4 ? digits.slice(-4) : null;
}

// Two to five capitalised words; the form's own words after the name ('Social Security number')
// are not part of it.
const WORD = String.raw`(?!Social\b|Security\b|SSN\b|Chapter\b|Case\b)[A-Z][A-Za-z.'-]*`;
const NAME = String.raw`(${WORD}(?: ${WORD}){1,4})`;
const SSN = String.raw`((?:[xX*]{3}|\d{3})-(?:[xX*]{2}|\d{2})-\d{4})`;

function debtor(text: string, label: 'Debtor 1' | 'Debtor 2'): { name: string | null; ssn: string | null } {
  const line = new RegExp(`${label}:?\\s+${NAME}(?:[^\\n]*?${SSN})?`).exec(text);
  if (!line) return { name: null, ssn: null };
  return { name: line[1]!.trim(), ssn: debtorSsn(line[2]) };
}

export function parseNoticeText(text: string): ParsedNotice {
  const type = noticeKind(text);
  // '24-10234', '2:24-bk-05512-MCW'.
  const caseNumber = /case (?:number|no\.?):?\s*((?:\d{1,2}:)?\d{2}-(?:bk-)?\d{3,6}(?:-[A-Z]{2,4})?)/i.exec(text);
  const district =
    /(?:northern|southern|eastern|western|middle|central) district of [A-Z][a-z]+(?: [A-Z][a-z]+)?|district of [A-Z][a-z]+(?: [A-Z][a-z]+)?/i.exec(
      text,
    );
  // A conversion order names the old chapter first ('converting case under chapter 13 to a case
  // under chapter 7'): the chapter the case now has is the one it goes to.
  const chapter =
    (type === 'Conversion' ? /\bto (?:a case under )?chapter (7|13)\b/i.exec(text) : null) ??
    /chapter (7|13)\b/i.exec(text);
  const first = debtor(text, 'Debtor 1');
  const second = debtor(text, 'Debtor 2');
  // A discharge order names the debtor instead of listing 'Debtor 1': 'is granted to: John A Smith'.
  const granted = new RegExp(`granted to:?\\s+${NAME}`).exec(text);
  return {
    type,
    case_number: caseNumber ? caseNumber[1]!.toUpperCase() : null,
    court_district: district ? (courtDistrictFromWords(district[0])?.code ?? null) : null,
    b_type: chapter ? (chapter[1] as '7' | '13') : null,
    debtor_name: first.name ?? (granted ? granted[1]!.trim() : null),
    debtor_ssn: first.ssn,
    joint_debtor_name: second.name,
    joint_debtor_ssn: second.ssn,
    filed: firstDate(text, /date case filed(?: for chapter (?:7|13))?:?|filed on:?|petition (?:was )?filed:?/),
    discharged: type === 'Discharge' ? firstDate(text, /dated:?|date:?/) : null,
    dismissed: type === 'Dismissal' ? firstDate(text, /dated:?|dismissed on:?|date:?/) : null,
    converted: type === 'Conversion' ? firstDate(text, /dated:?|converted on:?|date:?/) : null,
    plan_confirmed: type === 'PlanConfirmation' ? firstDate(text, /dated:?|confirmed on:?|date:?/) : null,
    notice_date: firstDate(text, /notice date:?|date of notice:?|dated:?/),
  };
}

// A scanned notice has no text layer: it reads as nothing, and says so, rather than as a guess.
export function readNotice(text: string): NoticeReading {
  const hasText = text.replace(/\s+/g, '').length > 0;
  return { hasText, parsed: parseNoticeText(hasText ? text : '') };
}
