import type { MacroPlaceholder, Ticket } from '@portal/contracts';

// Placeholder values a macro can take from the ticket on screen (fillMacroPlaceholders). Anything not
// known here ({new_phone}, {amount}, ...) stays in the text for the agent to write. The keys are the
// contract's MACRO_PLACEHOLDERS, which the macro editor's preview lists.
export function macroValues(ticket: Ticket, agentName: string | null): Record<MacroPlaceholder, string | null> {
  const user = ticket.user;
  const firstName = user?.first_name ?? ticket.details.first_name;
  const lastName = user?.last_name ?? ticket.details.last_name;
  const activeLoan = ticket.analysis.active_loan[0];
  return {
    first_name: firstName,
    last_name: lastName,
    full_name: firstName && lastName ? `${firstName} ${lastName}` : firstName,
    email: user?.email ?? ticket.details.email,
    phone: user?.phone_number ?? null,
    phone_number: user?.phone_number ?? null,
    birthday: user?.birthday ?? null,
    loan_id: activeLoan === undefined ? null : String(activeLoan),
    agent_name: agentName ? (agentName.split(' ')[0] ?? agentName) : null,
  };
}
