import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The contact gate is the only way to queue a message to a customer (decision 046): the outbox
// takes a message only with a ContactClearance (the type checker makes every sender bring one), and
// only the gate makes a clearance for a customer. This reads every server source file and fails when
// another file makes one (a cast to ContactClearance) or queues messages by writing the table.

const root = fileURLToPath(new URL('./', import.meta.url));
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing/'),
);
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');

describe('the contact gate is the one way out', () => {
  it('only the gate (and the mail-to-staff clearance of outbound.ts) makes a ContactClearance', () => {
    const makers = sources.filter((file) => /as ContactClearance\b/.test(read(file)));
    expect(makers.sort()).toEqual(['modules/contact-rules/gate.ts', 'platform/outbound.ts']);
  });

  it('only the outbox writes outbound messages; the inbound webhooks record what customers send', () => {
    const writers = sources.filter((file) => /\.insert\(messages\)/.test(read(file)));
    expect(writers.sort()).toEqual(['platform/message-store.ts', 'platform/outbound.ts']);
  });
});
