import type { PdfBlock } from '../../platform/pdf.ts';
import { LENDER_NAME } from '../documents/index.ts';
import { heading, letterhead } from './letter-blocks.ts';
import type { LetterFacts } from './letter-facts.ts';

// The 103 mailer (spec 001 section 2, the FCRA lookup): dispute code 103 is a consumer's claim of
// identity fraud. The letter says the claim was received, what the investigation needs from the
// consumer (an identity theft report, proof of identity and address, the accounts not theirs) and
// that the account is reported as disputed meanwhile (FCRA sections 605B and 623(a)(6)).
export function identityFraudMailerBlocks(facts: LetterFacts): PdfBlock[] {
  const { customer } = facts;
  return [
    ...letterhead('Identity fraud dispute (103)', facts.date, customer),
    { kind: 'text', text: `Re: loan ${facts.loanId}` },
    { kind: 'gap', height: 6 },
    {
      kind: 'text',
      text: `Dear ${customer.firstName}, we received a dispute saying that loan ${facts.loanId} was opened through identity fraud. We take this seriously and are investigating. While we do, the account is reported to the credit bureaus as disputed by the consumer.`,
    },
    { kind: 'gap', height: 6 },
    heading('What we need from you'),
    { kind: 'text', text: '1. An identity theft report: the FTC report from IdentityTheft.gov or a police report.' },
    {
      kind: 'text',
      text: "2. Proof of identity: a copy of a government-issued photo ID (driver's license, state ID or passport).",
    },
    {
      kind: 'text',
      text: '3. Proof of address: a utility bill, bank statement or lease dated within the last 60 days.',
    },
    { kind: 'text', text: '4. A signed statement naming the accounts or transactions you did not open or authorize.' },
    { kind: 'gap', height: 6 },
    {
      kind: 'text',
      text: 'Please send these within 30 days of the date of this letter by replying to our email or by mail to the address above. If we find the loan was opened through identity theft, we will ask the credit bureaus to delete it and stop collecting on it.',
    },
    { kind: 'gap', height: 6 },
    { kind: 'text', text: `Sincerely, ${LENDER_NAME} Credit Reporting` },
  ];
}
