import { z } from 'zod';
import { bigDatabaseIdSchema } from './primitives.ts';

// The variables a macro's text may hold (decision 061): one catalogue for the macro editor (the list
// it inserts from, and what a save refuses), the reply box (what it fills and asks for) and the
// server (GET macro_values answers the account's; send_reply refuses any left unfilled). The rules
// that read a text for them are in rules/macro-variables.ts.

// Where a variable's value comes from:
// - account: the customer's live account (GET macro_values: the customer's fields, and the figures
//   of their one active loan);
// - employee: the signed-in employee (also answered by GET macro_values);
// - agent: asked of the agent in a small form when the macro is inserted.
export const macroVariableSources = ['account', 'employee', 'agent'] as const;
export type MacroVariableSource = (typeof macroVariableSources)[number];

// What the agent types for an agent variable, and so the field the form shows and how the value is
// written for the customer (rules/macro-variables.ts, agentValue).
export const agentInputs = ['text', 'date', 'money', 'phone', 'email'] as const;
export type AgentInput = (typeof agentInputs)[number];

type AccountVariable = { name: string; source: 'account' | 'employee'; description: string };
type AgentVariable = { name: string; source: 'agent'; description: string; label: string; input: AgentInput };
export type MacroVariable = AccountVariable | AgentVariable;

// The account's and the employee's variables, in the order the editor lists them.
export const FILLED_MACRO_VARIABLES = [
  { name: 'first_name', source: 'account', description: "The customer's first name." },
  { name: 'last_name', source: 'account', description: "The customer's last name." },
  { name: 'full_name', source: 'account', description: "The customer's first and last name." },
  { name: 'email', source: 'account', description: "The customer's email address on file." },
  { name: 'phone_number', source: 'account', description: "The customer's phone number, as (503) 555-0123." },
  { name: 'phone', source: 'account', description: 'Same as {phone_number} (kept for older macros).' },
  { name: 'birthday', source: 'account', description: "The customer's date of birth, as April 12, 1988." },
  { name: 'loan_id', source: 'account', description: "The number of the customer's active loan." },
  {
    name: 'payoff_amount',
    source: 'account',
    description: 'What it takes to pay the active loan off today, as $1,234.56.',
  },
  {
    name: 'next_due_date',
    source: 'account',
    description: "The due date of the active loan's next payment (today or later), as July 2, 2027.",
  },
  {
    name: 'next_payment_amount',
    source: 'account',
    description: 'The amount of that next payment.',
  },
  {
    name: 'past_due_amount',
    source: 'account',
    description: 'What the active loan owes from payments due before today and not paid ($0.00 when none).',
  },
  {
    name: 'payment_method',
    source: 'account',
    description: 'How that next payment is collected: "bank account" or "debit card".',
  },
  { name: 'agent_first_name', source: 'employee', description: 'Your first name (the agent sending the reply).' },
  { name: 'agent_name', source: 'employee', description: 'Same as {agent_first_name} (kept for older macros).' },
] as const satisfies readonly AccountVariable[];

// The variables the agent is asked for when the macro is inserted.
export const AGENT_MACRO_VARIABLES = [
  {
    name: 'callback_date',
    source: 'agent',
    label: 'Callback date',
    input: 'date',
    description: 'The day you will call the customer back.',
  },
  {
    name: 'amount_agreed',
    source: 'agent',
    label: 'Amount agreed',
    input: 'money',
    description: 'An amount you agreed with the customer.',
  },
  {
    name: 'new_phone',
    source: 'agent',
    label: 'New phone number',
    input: 'phone',
    description: "The customer's new phone number.",
  },
  {
    name: 'new_email',
    source: 'agent',
    label: 'New email address',
    input: 'email',
    description: "The customer's new email address.",
  },
  { name: 'new_date', source: 'agent', label: 'New date', input: 'date', description: 'The new date of a payment.' },
  {
    name: 'old_date',
    source: 'agent',
    label: 'Old date',
    input: 'date',
    description: 'The date a payment had before.',
  },
  { name: 'date', source: 'agent', label: 'Date', input: 'date', description: 'A date the macro text speaks of.' },
  {
    name: 'amount',
    source: 'agent',
    label: 'Amount',
    input: 'money',
    description: 'An amount the macro text speaks of.',
  },
] as const satisfies readonly AgentVariable[];

export const MACRO_VARIABLES: readonly MacroVariable[] = [...FILLED_MACRO_VARIABLES, ...AGENT_MACRO_VARIABLES];

export type FilledMacroVariableName = (typeof FILLED_MACRO_VARIABLES)[number]['name'];
export type AgentMacroVariableName = (typeof AGENT_MACRO_VARIABLES)[number]['name'];
export type MacroVariableName = FilledMacroVariableName | AgentMacroVariableName;

export const filledMacroVariableNames = FILLED_MACRO_VARIABLES.map((variable) => variable.name) as [
  FilledMacroVariableName,
  ...FilledMacroVariableName[],
];

const byName = new Map<string, MacroVariable>(MACRO_VARIABLES.map((variable) => [variable.name, variable]));

// The catalogue's variable of that name, or undefined for a name it does not know.
export function macroVariable(name: string): MacroVariable | undefined {
  return byName.get(name);
}

// The longest label of an asked variable, {?label}.
export const ASKED_LABEL_MAX_LENGTH = 60;
// The longest value an agent types for a variable.
export const AGENT_VALUE_MAX_LENGTH = 200;

// GET macro_values {ticket_id} or {user_id}: the account's and the employee's values, read when the
// macro is inserted. A value the Portal cannot give is null, with the reason in `unfilled` (no
// customer linked, no active loan, two active loans, no payment left to come...).
export const macroValuesQuerySchema = z
  .object({
    ticket_id: bigDatabaseIdSchema.optional(),
    user_id: bigDatabaseIdSchema.optional(),
  })
  .refine((query) => (query.ticket_id === undefined) !== (query.user_id === undefined), {
    error: "Say whose account fills the macro: the ticket's id (ticket_id) or the customer's (user_id), one of them.",
  });
export type MacroValuesQuery = z.input<typeof macroValuesQuerySchema>;

export const macroValuesResponseSchema = z.object({
  // The customer whose account filled the values (null: the ticket has none linked).
  user_id: z.number().nullable(),
  // The loan the loan's variables come from: the customer's one active loan, else null.
  loan_id: z.number().nullable(),
  values: z.record(z.enum(filledMacroVariableNames), z.string().nullable()),
  unfilled: z.array(z.object({ name: z.enum(filledMacroVariableNames), reason: z.string() })),
});
export type MacroValuesResponse = z.infer<typeof macroValuesResponseSchema>;
