import type { ServerModule } from './table-owners.ts';

// The server's module graph (issue 38, decision 051): each module's layer and the modules it may
// use. module-graph.test.ts holds the real imports to it, and eslint.config.js makes its lint zones
// from it, so an import the graph does not allow fails lint in the editor and the test in CI.
//
// The rule: a module uses modules of the layers below its own, and of its own layer only those it
// lists here, with no circle. A call that would run upward (or round a circle) is handed in as a
// typed function by buildApp, through create<Name>Module's deps: see `handedIn`.
//
// Where a 28th module goes: find the layer whose sentence says what it is, list what it uses, and
// add it to serverModules and tableOwners (table-owners.ts) as well.

export const layers = [
  // Who works here, and whether the server answers: use no module.
  'foundation',
  // The records every duty reads: the customer, their bankruptcy cases, the macros staff answer with.
  'records',
  // The duties judged over the records: the contact gate (every message to a customer asks it).
  'rules',
  // The accounts and conversations: loans and payments, tickets, documents and letters; they act on
  // the records and send through the rules.
  'servicing',
  // The back office's work queues and content: notices, disputes, credit reporting, reviews, staff,
  // the blog and surveys.
  'workflows',
  // Screens and exports that read many domains at once and write none of them.
  'read models',
  // Doors from outside: provider webhooks, the customer app and its uploads.
  'entry points',
] as const;

export type Layer = (typeof layers)[number];

export type ModuleNode = { layer: Layer; uses: readonly ServerModule[] };

export const moduleGraph: Record<ServerModule, ModuleNode> = {
  session: { layer: 'foundation', uses: [] },
  health: { layer: 'foundation', uses: [] },
  // Four eyes (issue 41): the actions waiting for a second employee; their carriers are handed in.
  approvals: { layer: 'foundation', uses: ['session'] },

  customers: { layer: 'records', uses: ['approvals', 'session'] },
  bankruptcies: { layer: 'records', uses: [] },
  macros: { layer: 'records', uses: ['session'] },

  'contact-rules': { layer: 'rules', uses: ['bankruptcies', 'customers', 'macros'] },

  loans: { layer: 'servicing', uses: ['approvals', 'bankruptcies', 'contact-rules', 'customers', 'session'] },
  tickets: { layer: 'servicing', uses: ['contact-rules', 'customers', 'loans', 'macros', 'session'] },
  documents: { layer: 'servicing', uses: ['customers', 'loans'] },
  letters: { layer: 'servicing', uses: ['contact-rules', 'customers', 'documents', 'loans'] },
  'customer-documents': {
    layer: 'servicing',
    uses: ['contact-rules', 'customers', 'documents', 'loans', 'tickets'],
  },
  'transaction-emails': { layer: 'servicing', uses: ['customers'] },
  // Internal notes on tickets and customers, their @mentions and the mentions inbox (issue 40).
  notes: { layer: 'servicing', uses: ['customers', 'session', 'tickets'] },

  'bankruptcy-notices': { layer: 'workflows', uses: ['bankruptcies', 'customers', 'loans', 'session'] },
  disputes: { layer: 'workflows', uses: ['customers', 'loans', 'session'] },
  'credit-reporting': {
    layer: 'workflows',
    uses: ['bankruptcies', 'bankruptcy-notices', 'customers', 'disputes', 'documents', 'letters', 'loans', 'session'],
  },
  identifications: {
    layer: 'workflows',
    uses: ['customer-documents', 'customers', 'documents', 'loans', 'session'],
  },
  income: { layer: 'workflows', uses: ['customer-documents', 'customers', 'documents', 'loans', 'tickets'] },
  staff: { layer: 'workflows', uses: ['session'] },
  blog: { layer: 'workflows', uses: ['session'] },
  surveys: { layer: 'workflows', uses: ['customers'] },

  'user-page': {
    layer: 'read models',
    uses: ['customers', 'disputes', 'documents', 'letters', 'loans', 'notes', 'session', 'tickets'],
  },
  graphql: { layer: 'read models', uses: ['customers', 'loans'] },
  'evidence-pack': {
    layer: 'read models',
    uses: [
      'bankruptcies',
      'credit-reporting',
      'customers',
      'disputes',
      'documents',
      'letters',
      'loans',
      'notes',
      'session',
    ],
  },
  deadlines: { layer: 'read models', uses: ['bankruptcy-notices', 'credit-reporting', 'disputes'] },
  analytics: { layer: 'read models', uses: ['tickets'] },
  live: { layer: 'read models', uses: ['session'] },
  'duty-audit': { layer: 'read models', uses: ['bankruptcies', 'contact-rules', 'loans'] },
  'list-exports': {
    layer: 'read models',
    uses: ['bankruptcy-notices', 'disputes', 'staff', 'surveys', 'tickets'],
  },
  'macro-values': { layer: 'read models', uses: ['customers', 'loans', 'tickets'] },

  inbound: { layer: 'entry points', uses: ['analytics', 'contact-rules', 'customers', 'macros', 'tickets'] },
  'customer-app': { layer: 'entry points', uses: ['loans'] },
  'customer-uploads': {
    layer: 'entry points',
    uses: ['customer-documents', 'identifications', 'income', 'loans'],
  },
};

// The calls that run against the graph, each handed in by buildApp as a typed function through the
// module's create<Name>Module deps (the type is in the receiving module's deps.ts). The one way
// a module reaches above itself.
export const handedIn: readonly { to: ServerModule; dep: string; from: ServerModule; why: string }[] = [
  {
    to: 'loans',
    dep: 'openTicketIdOf',
    from: 'tickets',
    why: "A message staff send from a loan joins the customer's open ticket; tickets shows loans.",
  },
  {
    to: 'approvals',
    dep: 'carryOut',
    from: 'loans',
    why: 'An approved refund, credit, settlement or invalidation is carried out by loans, which asks for approvals.',
  },
  {
    to: 'approvals',
    dep: 'carryOut',
    from: 'customers',
    why: 'An approved SSN change is carried out by customers, which asks for approvals.',
  },
  {
    to: 'disputes',
    dep: 'queueDisputeCorrection',
    from: 'credit-reporting',
    why: 'A dispute resolved for the consumer queues a correction; credit reporting reads disputes.',
  },
];
