// The macro-values module's sentences: the 404s, and why a variable has no value (the reply box
// shows them under the reply, beside the variable left).
export const MACRO_VALUE_MESSAGES = {
  ticketNotFound: (id: number) => `Ticket #${id} was not found.`,
  customerNotFound: (id: number) => `Customer ${id} was not found.`,
  noCustomer: 'No customer is linked to this ticket: link the account, or write it in yourself.',
  noPhone: 'The customer has no phone number on file.',
  noBirthday: 'The customer has no date of birth on file.',
  noActiveLoan: 'The customer has no active loan.',
  severalActiveLoans: (ids: readonly number[]) =>
    `The customer has ${ids.length} active loans (${ids.map((id) => `#${id}`).join(', ')}): write in the figures of the loan you mean.`,
  noNextPayment: (loanId: number) => `Loan #${loanId} has no payment left to come.`,
  noAgentName: 'Your name is not on file.',
} as const;
