import { bulkInsert, macros, macroTags, type Executor } from '@portal/db';

// The reply templates agents pick from. The first ten are the macros the spec's screens call by
// name; variables in braces are filled from the customer's account, or asked of the agent, when the
// macro is inserted (contracts macro-variables.ts).
export const demoMacros: ReadonlyArray<{ title: string; tags: string[]; body: string }> = [
  {
    title: 'change_email',
    tags: ['Account'],
    body: "Hi {first_name}, I've updated the email on your account to {new_email}. Statements and notices will go to that address from now on. If you didn't ask for this change, reply right away and we'll secure your account.",
  },
  {
    title: 'change_phone',
    tags: ['Account'],
    body: "Hi {first_name}, your phone number is now {new_phone}. You'll get our texts and payment reminders there from now on.",
  },
  {
    title: 'change_dob',
    tags: ['Account'],
    body: "Hi {first_name}, we've corrected the date of birth on your account to {birthday}. If anything else on your profile looks wrong, just let us know.",
  },
  {
    title: 'custom_payment',
    tags: ['Payments'],
    body: "Hi {first_name}, I've scheduled a one-time payment of {amount} on {date}. It will be drawn from your {payment_method} on file, and your regular schedule stays the same.",
  },
  {
    title: 'change_payment_date',
    tags: ['Payments'],
    body: "Hi {first_name}, your payment due {old_date} has been moved to {new_date}. The amount stays {amount}, and there's no fee for the change.",
  },
  {
    title: 'update_payment_method',
    tags: ['Payments'],
    body: 'Hi {first_name}, your payments will now be drawn from your {payment_method}, starting with the payment due {date}. You can switch back any time by replying to this message.',
  },
  {
    title: 'cancel_early_repay',
    tags: ['Early Repayment', 'Payments'],
    body: "Hi {first_name}, I've cancelled your early repayment scheduled for {date}. Your loan is back on its regular schedule; your next payment of {next_payment_amount} is due {next_due_date}.",
  },
  {
    title: 'handle_credit_bounce',
    tags: ['Payments', 'Bounces'],
    body: "Hi {first_name}, your payment of {amount} was returned by your bank. We've waived the returned-payment fee this time and rescheduled the payment for {date}. Please make sure the funds are available that day.",
  },
  {
    title: 'calc_early_repay',
    tags: ['Early Repayment'],
    body: 'Hi {first_name}, if you pay off your loan on {date}, your payoff amount will be {amount}. Paying early saves you the interest on the remaining installments. Would you like me to schedule it?',
  },
  {
    title: 'set_early_repay',
    tags: ['Early Repayment'],
    body: "Hi {first_name}, your early repayment of {amount} is scheduled for {date}. Once it clears, your loan is paid in full and we'll send you a confirmation.",
  },
  {
    title: 'greeting',
    tags: ['General'],
    body: 'Hi {first_name}, thanks for reaching out! ',
  },
  {
    title: 'closing',
    tags: ['General'],
    body: 'Is there anything else I can help you with today? Have a great day!',
  },
  {
    title: 'application_in_review',
    tags: ['Applications'],
    body: "Hi {first_name}, your application is being reviewed. We'll text you as soon as there's a decision, usually within one business day.",
  },
  {
    title: 'statements_needed',
    tags: ['Applications', 'Documents'],
    body: 'Hi {first_name}, to finish reviewing your application we need your three most recent bank statements. You can upload them with the link in your application.',
  },
  {
    title: 'funding_timeline',
    tags: ['Applications'],
    body: 'Hi {first_name}, your loan was funded today. Depending on your bank, the money arrives within one to two business days.',
  },
  {
    title: 'hardship_options',
    tags: ['Payments', 'Hardship'],
    body: "Hi {first_name}, I'm sorry things are tough right now. We can move your next payment up to two weeks or split it into two smaller payments. Which would help most?",
  },
  {
    // No tags on purpose: the macro tree shows it under 'Uncategorized'.
    title: 'thank_you',
    tags: [],
    body: "You're welcome, {first_name}! We're always happy to help.",
  },
  {
    title: 'wrong_number',
    tags: [],
    body: "Sorry about that! We've removed this number from our records and you won't hear from us again.",
  },
  // Sent by the Portal itself to a message that opens a ticket after hours (decision 035).
  {
    title: 'after_hours_text',
    tags: ['After Hours'],
    body: 'Hi {first_name}, thanks for texting Portal support. We are closed right now (Mon-Fri 8am-5pm Pacific) and will text you back as soon as we open.',
  },
  {
    title: 'after_hours_email',
    tags: ['After Hours'],
    body: 'Hi {first_name},\n\nThank you for writing to Portal support. Our team is away right now; our hours are Monday to Friday, 8am to 5pm Pacific. We have your message and will answer it as soon as we are back.\n\nPortal support',
  },
  // Filled from the customer's active loan when inserted, with a day the agent is asked for (decision 061).
  {
    title: 'payoff_quote',
    tags: ['Early Repayment'],
    body: "Hi {first_name}, to pay off loan {loan_id} today takes {payoff_amount}; it grows a little each day with interest. I'll call you on {callback_date} to set it up. {agent_first_name}",
  },
];

// A demo macro's id (its place in the list, as insertDemoMacros numbers them) and text.
export function demoMacro(title: string): { id: number; body: string } {
  const index = demoMacros.findIndex((macro) => macro.title === title);
  const macro = demoMacros[index];
  if (!macro) throw new Error(`demoMacro: no demo macro ${title}`);
  return { id: index + 1, body: macro.body };
}

export async function insertDemoMacros(db: Executor, createdAt: Date): Promise<{ macros: number; macroTags: number }> {
  const macroRows = demoMacros.map((macro, index) => ({
    id: index + 1,
    title: macro.title,
    body: macro.body,
    active: true,
    createdAt,
    updatedAt: createdAt,
  }));
  const tagRows = demoMacros.flatMap((macro, index) => macro.tags.map((tag) => ({ macroId: index + 1, tag })));
  await bulkInsert(db, macros, macroRows);
  await bulkInsert(db, macroTags, tagRows);
  return { macros: macroRows.length, macroTags: tagRows.length };
}
