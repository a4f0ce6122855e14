// What customers write to support and what agents answer, by topic. The replies follow the macros,
// as an agent's would.

import { MONTH_NAMES } from '@portal/contracts';

export type TopicContext = {
  firstName: string;
  newEmail: string;
  newPhone: string;
  // Human dates ("March 3") and dollar amounts ("$1,234.56").
  dueDate: string;
  dueAmount: string;
  payoffDate: string;
  payoffAmount: string;
  // The day of the month the customer asks for ("15th").
  askedDay: string;
};

// Servicing topics fit customers paying a loan, application topics those waiting for a decision.
export type TopicScope = 'servicing' | 'application' | 'any';

export type Topic = {
  subject: string;
  scope: TopicScope;
  openings: ReadonlyArray<(context: TopicContext) => string>;
  reply: (context: TopicContext) => string;
};

export const topics: ReadonlyArray<readonly [Topic, number]> = [
  [
    {
      subject: 'Payment date change',
      scope: 'servicing',
      openings: [
        (c) => `Can I change my payment date to the ${c.askedDay}?`,
        (c) => `Hi, I get paid on the ${c.askedDay} now. Can you move my payment to that day?`,
      ],
      reply: (c) =>
        `Hi ${c.firstName}, I've moved your payment due ${c.dueDate} to the ${c.askedDay}. The amount stays ${c.dueAmount} and there's no fee for the change.`,
    },
    16,
  ],
  [
    {
      subject: 'Update my email',
      scope: 'any',
      openings: [
        (c) => `I need to update my email to ${c.newEmail}`,
        (c) => `Please send everything to ${c.newEmail} from now on, I don't use my old email anymore.`,
      ],
      reply: (c) =>
        `Done, ${c.firstName}! Your email is now ${c.newEmail}. Statements and notices will go there from now on.`,
    },
    8,
  ],
  [
    {
      subject: 'Payoff amount',
      scope: 'servicing',
      openings: [
        () => 'How much to pay off my loan early?',
        (c) => `What's my payoff amount if I pay everything on ${c.payoffDate}?`,
      ],
      reply: (c) =>
        `Hi ${c.firstName}, if you pay off your loan on ${c.payoffDate}, your payoff amount is ${c.payoffAmount}. Paying early saves you the remaining interest. Want me to schedule it?`,
    },
    14,
  ],
  [
    {
      subject: 'Returned payment fee',
      scope: 'servicing',
      openings: [
        () => 'My payment bounced, can you waive the fee?',
        () => 'Why was I charged a $15 fee? My paycheck came in a day late.',
      ],
      reply: (c) =>
        `Hi ${c.firstName}, I've waived the returned-payment fee this time and rescheduled the payment for ${c.dueDate}. Please make sure funds are available that day.`,
    },
    12,
  ],
  [
    {
      subject: 'Cancel early repayment',
      scope: 'servicing',
      openings: [
        () => 'Please cancel my early repayment',
        () => "I scheduled a payoff but I can't afford it this week, please cancel it.",
      ],
      reply: (c) =>
        `Hi ${c.firstName}, I've cancelled your early repayment. Your loan is back on its regular schedule; your next payment of ${c.dueAmount} is due ${c.dueDate}.`,
    },
    6,
  ],
  [
    {
      subject: 'New phone number',
      scope: 'any',
      openings: [(c) => `I have a new phone number: ${c.newPhone}. Please update it.`],
      reply: (c) =>
        `Hi ${c.firstName}, your phone number is now ${c.newPhone}. You'll get our texts there from now on.`,
    },
    6,
  ],
  [
    {
      subject: 'Loan status',
      scope: 'application',
      openings: [
        () => 'When will my loan be funded?',
        () => 'Did my application get approved?',
        () => 'I accepted the offer yesterday, when do I get the money?',
      ],
      reply: (c) =>
        `Hi ${c.firstName}, your application is with our team now. You'll get a text as soon as there's a decision, usually within one business day.`,
    },
    14,
  ],
  [
    {
      subject: 'Paying by debit card',
      scope: 'servicing',
      openings: [
        () => 'Can I pay with my debit card instead of my bank account?',
        () => 'I closed my old bank account. How do I switch my payments to my new card?',
      ],
      reply: (c) =>
        `Hi ${c.firstName}, your payments will now be charged to your debit card on file, starting with ${c.dueAmount} on ${c.dueDate}.`,
    },
    8,
  ],
  [
    {
      subject: 'Bank statements',
      scope: 'application',
      openings: [
        () => 'I uploaded my bank statements, can you check them?',
        () => 'What documents do you still need from me?',
      ],
      reply: (c) =>
        `Thanks ${c.firstName}, we received your statements and the team is reviewing them now. We'll text you once there's a decision.`,
    },
    8,
  ],
  [
    {
      subject: "Can't make my payment",
      scope: 'servicing',
      openings: [
        () => "I lost my job and can't make this month's payment. What are my options?",
        () => 'Can I pay half now and the rest in two weeks?',
      ],
      reply: (c) =>
        `Hi ${c.firstName}, I'm sorry to hear that. I've moved your payment of ${c.dueAmount} to ${c.dueDate}; let us know if you need more time.`,
    },
    8,
  ],
];

export const followUps = [
  'Thank you!',
  'Ok great, thanks.',
  'Did you get my last message?',
  'Is there anything else you need from me?',
  'Can you confirm that went through?',
  'Ok. And what about next month?',
  'Still waiting to hear back on this.',
];

export const secondReplies: ReadonlyArray<(firstName: string) => string> = [
  (name) => `You're welcome, ${name}! Anything else, just text us.`,
  () => "Yes, it's all set. You'll get a confirmation shortly.",
  () => "We did, sorry for the wait. It's taken care of now.",
  () => 'Nothing else needed for now. We will reach out if that changes.',
];

// Senders we cannot match to a customer: the Link Account panel.
export const unmatchedOpenings = [
  'Hi, this is Jordan. I got a new number, can you find my account? My old number ended in 4471.',
  "Hello, I'm writing from my work email. My loan is under my personal address. Can you help me make a payment?",
  'Who is this? I got a text about a loan payment.',
  'My husband has a loan with you and asked me to check his balance. His name is Marcus Reed.',
  'I want to apply again but I forgot which email I used.',
];

export function humanDate(isoDay: string): string {
  const month = MONTH_NAMES[Number(isoDay.slice(5, 7)) - 1] ?? '';
  return `${month} ${Number(isoDay.slice(8, 10))}`;
}

export function dollars(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

export function ordinal(day: number): string {
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${day}${suffix}`;
}

// An email reply as an agent writes it: greeting line kept, a sign-off added.
export function emailBody(text: string, agentFirstName: string): string {
  return `${text}\n\nBest,\n${agentFirstName}\nCustomer Support`;
}

// The inbound email as the mail provider delivered it (users/get_raw_message shows it).
export function rawEmail(input: {
  fromName: string;
  from: string;
  to: string;
  subject: string;
  sentMs: number;
  messageId: string;
  body: string;
}): string {
  return [
    `From: ${input.fromName} <${input.from}>`,
    `To: ${input.to}`,
    `Subject: ${input.subject}`,
    `Date: ${new Date(input.sentMs).toUTCString()}`,
    `Message-ID: <${input.messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 7bit',
    '',
    input.body,
    '',
  ].join('\r\n');
}
