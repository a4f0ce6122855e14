// Every way the Portal sends a text or an email (issue 37, decision 046): one registry, so that the
// contact gate judges a message by the road it came by, a fact of the code, never by a label its
// caller chose, and so that the table-driven test of the doors crosses every road with every duty
// (a road added here joins that test by itself: the test fails until it knows how to drive it).

export type SendingBasis =
  // A notice the law requires of us (the adverse action notice, the 12 CFR 1041.9(c) notice): no
  // flag and no bankruptcy stay stops it; the hours do. Never dropped: undelivered, it is mailed.
  | 'legally_required'
  // A receipt or confirmation the Portal writes of something the customer asked for (a password
  // reset they asked for, the answer to their loan application, the acknowledgement of their
  // message): it may go out under a bankruptcy stay.
  | 'requested'
  // Anything staff write or choose to send, and every letter: under a stay only as the one answer
  // to the customer's own message.
  | 'staff'
  // Mail to an employee: no customer's duty applies.
  | 'employee';

// What the message is about. 'chosen': the macro's purpose, or collection when the agent says so;
// free text is servicing only as the one answer to the customer's own message, else collection
// (where the purpose is unknown, it is collection).
export type PathPurpose = 'collection' | 'servicing' | 'chosen' | null;

// Whether a message of this road answers the customer's message: 'one' takes the one answer a
// customer's message has (the reply exemption, the stay's answer); 'acknowledges' answers at once
// without taking it (the after-hours acknowledgement); 'never': it starts a conversation.
export type PathAnswers = 'one' | 'acknowledges' | 'never';

export type SendingPathInfo = { basis: SendingBasis; purpose: PathPurpose; answers: PathAnswers };

export const SENDING_PATHS = {
  ticket_reply: { basis: 'staff', purpose: 'chosen', answers: 'one' },
  composer: { basis: 'staff', purpose: 'chosen', answers: 'one' },
  payoff_balance: { basis: 'staff', purpose: 'servicing', answers: 'never' },
  document_request: { basis: 'staff', purpose: 'servicing', answers: 'never' },
  servicing_letter: { basis: 'staff', purpose: 'servicing', answers: 'never' },
  collection_letter: { basis: 'staff', purpose: 'collection', answers: 'never' },
  password_reset: { basis: 'requested', purpose: 'servicing', answers: 'never' },
  approval_text: { basis: 'requested', purpose: 'servicing', answers: 'never' },
  auto_response: { basis: 'requested', purpose: 'servicing', answers: 'acknowledges' },
  denial_notice: { basis: 'legally_required', purpose: 'servicing', answers: 'never' },
  consumer_rights_notice: { basis: 'legally_required', purpose: 'servicing', answers: 'never' },
  staff_mail: { basis: 'employee', purpose: null, answers: 'never' },
} as const satisfies Record<string, SendingPathInfo>;

export type SendingPath = keyof typeof SENDING_PATHS;
export const sendingPaths = Object.keys(SENDING_PATHS) as SendingPath[];

// A stored road the registry no longer knows (renamed since) is judged as staff's collection.
export function sendingPathInfo(path: string | null): SendingPathInfo {
  return (
    (SENDING_PATHS as Record<string, SendingPathInfo>)[path ?? ''] ?? {
      basis: 'staff',
      purpose: 'collection',
      answers: 'never',
    }
  );
}
