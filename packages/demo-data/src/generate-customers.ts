import { DAY_MS } from '@portal/contracts';
import { formatDay, HOUR_MS, MINUTE_MS } from './calendar.ts';
import { mixSeed, type Random } from './random.ts';
import { pickEmployee, type SeedContext } from './seed-context.ts';
import { takeId } from './seed-rows.ts';
import { emailDomains, firstNames, lastNames, places, streetNames, streetSuffixes } from './word-lists.ts';

// Who a customer is, decided before their loans, which need the card and contact details.
export type CustomerProfile = {
  id: number;
  index: number;
  firstName: string;
  lastName: string;
  email: string;
  // Addresses used before the current one, newest last.
  oldEmails: string[];
  phone: string;
  hasBankAccount: boolean;
  hasDebitCard: boolean;
};

export function describeCustomer(context: SeedContext, random: Random, index: number): CustomerProfile {
  const id = index + 1;
  const firstName = random.pick(firstNames);
  const lastName = random.pick(lastNames);
  const first = emailPart(firstName);
  const last = emailPart(lastName);
  // The id in every local part keeps addresses unique without a lookup.
  const local = random.weighted<string>([
    [`${first}.${last}${id}`, 5],
    [`${first}${last.slice(0, 1)}${id}`, 3],
    [`${first}_${last}${id}`, 2],
  ]);
  const domain = random.pick(emailDomains);
  const oldEmailCount = random.weighted([
    [0, 60],
    [1, 30],
    [2, 10],
  ]);
  const oldEmails: string[] = [];
  for (let number = 1; number <= oldEmailCount; number += 1) {
    oldEmails.push(
      `${first}${last}${random.int(70, 99)}.${id}${number === 1 ? '' : number}@${random.pick(emailDomains)}`,
    );
  }
  return {
    id,
    index,
    firstName,
    lastName,
    email: `${local}@${domain}`,
    oldEmails,
    phone: phoneFor(context.seed, index),
    hasBankAccount: random.chance(0.92),
    hasDebitCard: random.chance(0.65),
  };
}

function emailPart(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

// Phone numbers are unique by construction: a multiplicative permutation scatters the index over
// (area code, line) pairs on the fictional 555 exchange, so neighbours look unrelated. Past
// 440,000 customers the exchange moves on to 556, 557, ...
const PHONE_CAPACITY = places.length * 10_000;
// Prime to 2, 5 and 11, the factors of the capacity: every index lands on a different pair.
const PHONE_STRIDE = 104_729;

export function phoneFor(seed: number, index: number): string {
  const offset = mixSeed(seed, 0x9e37) % PHONE_CAPACITY;
  const position = ((index % PHONE_CAPACITY) * PHONE_STRIDE + offset) % PHONE_CAPACITY;
  const place = places[position % places.length];
  const exchange = 555 + Math.floor(index / PHONE_CAPACITY);
  const line = Math.floor(position / places.length);
  return `${place?.[3] ?? '213'}${exchange}${String(line).padStart(4, '0')}`;
}

export function placeOfPhone(phone: string): (typeof places)[number] {
  return places.find((place) => place[3] === phone.slice(0, 3)) ?? (places[0] as (typeof places)[number]);
}

export type CustomerHistory = {
  // When the customer signed up: shortly before their first application.
  createdMs: number;
  paidOffLoans: number;
};

const utmSources: ReadonlyArray<readonly [string | null, number]> = [
  ['google', 25],
  ['facebook', 20],
  ['credit_karma', 10],
  ['refer', 8],
  ['instagram', 8],
  ['tiktok', 7],
  ['email', 4],
  ['bing', 3],
  [null, 15],
];
const utmContents = ['spring_promo', 'lowrate_v2', 'carousel_3', 'search_brand', 'retarget_30d', 'video_testimonial'];

const verificationCodes: ReadonlyArray<readonly [number, number]> = [
  [2, 55],
  [1, 15],
  [0, 10],
  [-1, 6],
  [-2, 6],
  [-5, 5],
  [-7, 3],
];

const dncReasons = [
  'User requested',
  'Authorized third party requested',
  'In bankruptcy',
  'Identity theft/fraud',
  'Profanity/threats',
];
const dnlReasons = ['In bankruptcy', 'Identity theft/fraud', 'Profanity/threats'];

const commentBodies = [
  'Customer called to confirm the next payment date.',
  'Customer asked for paper statements; explained they are available by email only.',
  'Verified identity over the phone with DOB and last four of SSN.',
  'Customer said they changed jobs; new pay dates are the 1st and 15th.',
  'Left voicemail about the missed payment.',
  'Customer promised to pay by Friday.',
  'Spoke with customer about the returned payment, agreed to retry next week.',
  'Customer asked how referrals work; sent the referral link.',
  'Customer requested a copy of their loan agreement; sent by email.',
];
const fraudAlertBodies = [
  'Fraud alert: caller could not verify date of birth or address.',
  'Fraud alert: bank account holder name does not match the customer.',
  'Fraud alert: several applications from the same device this week.',
];

const cardBrands: ReadonlyArray<readonly [string, number]> = [
  ['Visa', 55],
  ['Mastercard', 40],
  ['Discover', 5],
];

export function addCustomerRows(
  context: SeedContext,
  random: Random,
  profile: CustomerProfile,
  history: CustomerHistory,
): { dnc: boolean } {
  const { clock, rows, ids } = context;
  const createdMs = history.createdMs;
  const place = placeOfPhone(profile.phone);
  const verified = random.weighted(verificationCodes);
  const utmSource = random.weighted(utmSources);
  const referred = utmSource === 'refer' && profile.id > 1;
  const dnc = random.chance(0.03);
  const dnl = random.chance(0.02);
  const birthday = clock.today - random.int(21 * 365, 70 * 365);
  let ssnArea = random.int(1, 899);
  // The SSA never issues area 666 (nor 000 or 9xx).
  if (ssnArea === 666) ssnArea = 665;

  rows.customers.push({
    id: profile.id,
    firstName: profile.firstName,
    middleInitial: random.chance(0.6) ? random.chars('ABCDEFGHJKLMNPRSTW', 1) : null,
    lastName: profile.lastName,
    email: profile.email,
    phoneNumber: profile.phone,
    birthday: formatDay(birthday),
    // Drawn here, in the middle of the row, so the random stream (and every customer after) stays as it was.
    ...storedSsn(
      context,
      profile.id,
      `${String(ssnArea).padStart(3, '0')}${String(random.int(1, 99)).padStart(2, '0')}${String(random.int(1, 9999)).padStart(4, '0')}`,
    ),
    verified,
    verifiedAt:
      verified === 0 ? null : new Date(Math.min(createdMs + random.int(1, 72) * HOUR_MS, clock.nowMs - MINUTE_MS)),
    dnc,
    dnl,
    // Flags set before the Portal kept no employee; the reason is one of spec 000 section 5's.
    dncReason: dnc ? 'User requested' : null,
    dncContext: null,
    dncEmployeeId: null,
    dncAt: dnc ? new Date(createdMs) : null,
    dnlReason: dnl ? 'Identity theft/fraud' : null,
    dnlContext: null,
    dnlEmployeeId: null,
    dnlAt: dnl ? new Date(createdMs) : null,
    dnp: random.chance(0.02),
    cease: false,
    ceaseReason: null,
    ceaseContext: null,
    ceaseEmployeeId: null,
    ceaseAt: null,
    attorney: false,
    attorneyReason: null,
    attorneyContext: null,
    attorneyEmployeeId: null,
    attorneyAt: null,
    street: `${random.int(100, 9999)} ${random.pick(streetNames)} ${random.pick(streetSuffixes)}${random.chance(0.15) ? ` Apt ${random.int(1, 40)}` : ''}`,
    city: place[0],
    state: place[1],
    zip: `${place[2]}${random.digits(2)}`,
    cycle: history.paidOffLoans,
    userCreditCents: random.chance(0.06) ? random.int(5, 50) * 100 : 0,
    utmSource: referred ? 'refer' : utmSource === 'refer' ? null : utmSource,
    utmContent: referred ? 'referral_link' : utmSource && random.chance(0.7) ? random.pick(utmContents) : null,
    referralCode: `${emailPart(profile.firstName).toUpperCase().slice(0, 5)}${profile.id}`,
    referrerId: referred ? random.int(1, profile.id - 1) : null,
    plaidCount: random.weighted([
      [0, 20],
      [1, 50],
      [2, 20],
      [3, 10],
    ]),
    ibvCount: random.weighted([
      [0, 60],
      [1, 30],
      [2, 10],
    ]),
    plaidNeedsUpdateMode: random.chance(0.03),
    createdAt: new Date(createdMs),
  });

  // Old addresses first, so the primary one is the newest row.
  let addedMs = createdMs;
  const emailTimes = profile.oldEmails.map(() => 0);
  for (let index = profile.oldEmails.length - 1; index >= 0; index -= 1) {
    addedMs -= random.int(30, 400) * DAY_MS;
    emailTimes[index] = addedMs;
  }
  profile.oldEmails.forEach((email, index) => {
    rows.customerEmails.push({
      id: takeId(ids, 'customerEmails'),
      customerId: profile.id,
      email,
      addedAt: new Date(emailTimes[index] ?? createdMs),
    });
  });
  const primaryAddedMs = profile.oldEmails.length > 0 ? createdMs + random.int(1, 20) * HOUR_MS : createdMs;
  rows.customerEmails.push({
    id: takeId(ids, 'customerEmails'),
    customerId: profile.id,
    email: profile.email,
    addedAt: new Date(Math.min(primaryAddedMs, clock.nowMs - MINUTE_MS)),
  });

  if (profile.hasBankAccount) {
    // Some customers switched banks; the old account stays on file, marked do-not-pay.
    if (random.chance(0.1)) {
      const id = takeId(ids, 'bankAccounts');
      rows.bankAccounts.push({
        id,
        customerId: profile.id,
        ...storedBankNumbers(context, id, random),
        dnp: true,
        addedAt: new Date(createdMs - random.int(30, 300) * DAY_MS),
      });
    }
    const id = takeId(ids, 'bankAccounts');
    rows.bankAccounts.push({
      id,
      customerId: profile.id,
      ...storedBankNumbers(context, id, random),
      dnp: false,
      addedAt: new Date(createdMs),
    });
  }

  if (profile.hasDebitCard) {
    const cards = random.chance(0.05) ? 2 : 1;
    for (let card = 0; card < cards; card += 1) {
      rows.debitCards.push({
        id: takeId(ids, 'debitCards'),
        customerId: profile.id,
        lastFour: random.digits(4),
        brand: random.weighted(cardBrands),
        dnp: card === 0 && cards === 2,
        addedAt: new Date(createdMs + card * random.int(10, 200) * HOUR_MS),
      });
    }
  }

  const comments: string[] = [];
  if (dnc) comments.push(`DNC turned on. Reason: ${random.pick(dncReasons)}.`);
  if (dnl) comments.push(`DNL turned on. Reason: ${random.pick(dnlReasons)}.`);
  if (random.chance(0.012) || profile.index === 3) comments.push(random.pick(fraudAlertBodies));
  if (random.chance(0.12)) {
    const count = random.int(1, 3);
    for (let number = 0; number < count; number += 1) comments.push(random.pick(commentBodies));
  }
  for (const body of comments) {
    const span = Math.max(clock.nowMs - createdMs, HOUR_MS);
    rows.customerComments.push({
      id: takeId(ids, 'customerComments'),
      customerId: profile.id,
      employeeId: pickEmployee(context, random),
      body,
      createdAt: new Date(createdMs + Math.floor(random.next() * span)),
    });
  }
  // Tickets need it: a customer marked Do Not Contact gets no auto-response.
  return { dnc };
}

// The SSN columns of a customer row: sealed with the caller's key (the seed has none of its own;
// decision 023), or empty when the caller gave no sealer (a benchmark that never shows an SSN).
function storedSsn(context: SeedContext, customerId: number, digits: string) {
  const stored = context.sealSsn?.(customerId, digits);
  return { ssnSealed: stored?.sealed ?? null, ssnHash: stored?.hash ?? null, ssnLast4: stored?.last4 ?? null };
}

// The number columns of a bank account row (decision 070): a random account number of 8 to 12
// digits at a valid routing number, sealed with the caller's key (or left for the server to seal).
function storedBankNumbers(context: SeedContext, id: number, random: Random) {
  const account = random.digits(random.int(8, 12));
  const stored = context.sealBankNumbers(id, { routing: routingNumber(random), account });
  return { numbersSealed: stored.sealed, accountLast4: stored.last4 };
}

// A nine-digit ABA routing number with a valid check digit.
// Real routing numbers start with a Federal Reserve district, 01-12 (or 21-32 for thrifts).
const routingDistricts = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '21',
  '22',
  '26',
  '31',
  '32',
];
function routingNumber(random: Random): string {
  const prefix = `${random.pick(routingDistricts)}${random.digits(6)}`;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = [...prefix].map(Number).reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
  return `${prefix}${(10 - (sum % 10)) % 10}`;
}
