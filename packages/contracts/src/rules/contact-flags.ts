// Do Not Contact and Do Not Lend (spec 000 sections 4 and 5), and the contact flags of issue 30
// (decision 046): a cease-communication request and an attorney who represents the customer. The
// reasons staff may give, and the note each change adds to the customer's comments.

export const contactFlags = ['dnc', 'dnl', 'cease', 'attorney'] as const;
export type ContactFlag = (typeof contactFlags)[number];

export const DNC_REASONS = [
  'User requested',
  'Authorized third party requested',
  'In bankruptcy',
  'Identity theft/fraud',
  'Profanity/threats',
] as const;
export const DNL_REASONS = ['In bankruptcy', 'Identity theft/fraud', 'Profanity/threats'] as const;

export const CEASE_REASONS = ['Written request from the customer', 'Request from an authorized third party'] as const;
export const ATTORNEY_REASONS = ['Attorney letter received', 'Customer named their attorney'] as const;

export const CONTACT_FLAG_REASONS: Record<ContactFlag, readonly string[]> = {
  dnc: DNC_REASONS,
  dnl: DNL_REASONS,
  cease: CEASE_REASONS,
  attorney: ATTORNEY_REASONS,
};
export const CONTACT_FLAG_LABELS: Record<ContactFlag, string> = {
  dnc: 'DNC',
  dnl: 'DNL',
  cease: 'Cease communication',
  attorney: 'Attorney',
};
// One term per flag on every screen (the user card, its dialog, the ticket view, the FCRA lookup):
// the short code with its meaning, never "do not call" or "do not loan" beside it.
export const CONTACT_FLAG_TERMS: Record<ContactFlag, string> = {
  dnc: 'DNC (do not contact)',
  dnl: 'DNL (do not lend)',
  cease: 'Cease communication',
  attorney: 'Represented by an attorney',
};
export const CONTACT_FLAG_CONTEXT_MAX = 500;

export type ContactFlagChange = { flag: ContactFlag; on: boolean; reason?: string | null; context?: string | null };

// The problem with a change, in the words staff see, or null when it can be made. Turning a flag
// on needs one of its reasons; turning it off needs none (a reason given is kept in the note).
export function contactFlagProblem(change: ContactFlagChange): string | null {
  const reason = change.reason?.trim() ?? '';
  if (change.on && reason === '') return `Please select a reason for ${CONTACT_FLAG_LABELS[change.flag]}.`;
  if (change.on && !CONTACT_FLAG_REASONS[change.flag].includes(reason))
    return `${CONTACT_FLAG_LABELS[change.flag]} reason must be one of: ${CONTACT_FLAG_REASONS[change.flag].join(', ')}.`;
  if ((change.context?.length ?? 0) > CONTACT_FLAG_CONTEXT_MAX)
    return `The context must be at most ${CONTACT_FLAG_CONTEXT_MAX} characters.`;
  return null;
}

// 'DNC on: User requested (by Maria D.)', with the context after a dash when given.
export function contactFlagNote(change: ContactFlagChange, employeeName: string): string {
  const reason = change.reason?.trim();
  const context = change.context?.trim();
  const what = `${CONTACT_FLAG_LABELS[change.flag]} ${change.on ? 'on' : 'off'}`;
  const why = [reason, context].filter(Boolean).join(' - ');
  return `${what}${why ? `: ${why}` : ''} (by ${employeeName})`;
}

// How the note names the employee: first name and last initial ('Maria D.').
export function shortEmployeeName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? fullName;
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}
