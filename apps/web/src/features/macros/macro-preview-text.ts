import { fillMacroText, type AgentMacroVariableName, type FilledMacroVariableName } from '@portal/contracts';

// The customer the editor's preview fills a macro for: a value for every variable of the catalogue,
// the agent's as an agent might type them (the reply box fills the real ones, decision 061).
export function sampleValues(
  agentName: string | null,
): Record<FilledMacroVariableName | AgentMacroVariableName, string> {
  // The reply box signs with the agent's first name.
  const agentFirstName = agentName?.trim().split(/\s+/)[0] || 'Alex';
  return {
    first_name: 'Maria',
    last_name: 'Gonzalez',
    full_name: 'Maria Gonzalez',
    email: 'maria.gonzalez@example.com',
    phone_number: '(415) 555-0142',
    phone: '(415) 555-0142',
    birthday: 'April 12, 1988',
    loan_id: '104522',
    payoff_amount: '$1,284.17',
    next_due_date: 'July 2, 2027',
    next_payment_amount: '$182.50',
    past_due_amount: '$0.00',
    payment_method: 'bank account',
    agent_first_name: agentFirstName,
    agent_name: agentFirstName,
    callback_date: 'July 9, 2027',
    amount_agreed: '$150.00',
    new_phone: '(415) 555-0199',
    new_email: 'maria.g@example.com',
    new_date: 'July 16, 2027',
    old_date: 'July 2, 2027',
    date: 'July 9, 2027',
    amount: '$150.00',
  };
}

export type PreviewPart =
  | { kind: 'text'; text: string }
  // A variable of the catalogue, with its sample value; asked: the agent types it.
  | { kind: 'filled'; name: string; text: string; asked: boolean }
  // {?label}: asked of the agent under its label.
  | { kind: 'question'; label: string; text: string }
  // A name the Portal does not know, left as typed.
  | { kind: 'unknown'; text: string };

// The text as the customer would get it, in parts, filled by the contract's own rule (fillMacroText).
export function previewParts(body: string, values: Readonly<Record<string, string>>): PreviewPart[] {
  return fillMacroText(body, values).segments.map((segment): PreviewPart => {
    if (segment.kind === 'text') return segment;
    const { part } = segment;
    if (segment.kind === 'filled' && part.kind === 'variable')
      return { kind: 'filled', name: part.key, text: segment.text, asked: part.variable.source === 'agent' };
    if (part.kind === 'asked') return { kind: 'question', label: part.label, text: `[${part.label}]` };
    return { kind: 'unknown', text: part.token };
  });
}
