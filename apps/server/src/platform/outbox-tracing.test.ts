import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingMailer, createRecordingSms } from '../testing/recording-senders.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { employeeRecipient, queueOutboundMessage } from './outbound.ts';

// Each delivery the outbox attempts is a span when tracing is on (issue 42, part 2; tracing.ts sets
// the provider in a real start, this test its own): the message, its channel and its outcome, never
// what it says or to whom.
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const mailer = createRecordingMailer();
const sms = createRecordingSms();
let t: TestApp;

beforeAll(async () => {
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  t = await createTestApp({ mailer, sms });
});
afterAll(async () => {
  await t.close();
  trace.disable();
  context.disable();
});

const queue = (type: 'email' | 'text', to: string, body: string) =>
  queueOutboundMessage(
    t.database.db,
    { type, to, subject: type === 'email' ? 'Your statement' : null, body, clearance: employeeRecipient() },
    t.clock.now(),
  );

describe('the outbox with tracing on', () => {
  it('records a span per delivery: sent, and failed with the provider error as its status', async () => {
    const email = await queue('email', 'traced@example.com', 'Your balance is $12.00.');
    await t.app.outbox.deliver(email.id);
    sms.failWith = 'Twilio: the number is not reachable';
    const text = await queue('text', '+12055550100', 'Your payment is due.');
    await t.app.outbox.deliver(text.id);

    const spans = exporter.getFinishedSpans();
    const sent = spans.find((span) => span.attributes['portal.message_id'] === email.id);
    expect(sent?.name).toBe('outbox send email');
    expect(sent?.attributes).toMatchObject({ 'portal.channel': 'email', 'portal.outcome': 'sent' });
    const failed = spans.find((span) => span.attributes['portal.message_id'] === text.id);
    expect(failed?.name).toBe('outbox send text');
    expect(failed?.attributes['portal.outcome']).toBe('failed');
    expect(failed?.status.message).toContain('not reachable');
    // Neither the text nor the address is in a span.
    const recorded = JSON.stringify(spans.map((span) => span.attributes));
    expect(recorded).not.toContain('traced@example.com');
    expect(recorded).not.toContain('12.00');
    expect(recorded).not.toContain('2055550100');
  });
});
