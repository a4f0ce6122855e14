import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { API_BASE_PATH, errorsResponseSchema } from '@portal/contracts';
import { twilioMessageParams } from './twilio-message.ts';

// How the OpenAPI document (plugins/openapi.ts) describes the two webhooks. They are not calls of
// the contracts: each parses its own body (Twilio's form, raw MIME) and checks its own secret, so
// their routes carry no schema, and this is their description, in the same zod as the calls.

// What the email webhook answers.
export const inboundEmailAnswerSchema = z.object({
  received: z.literal(true),
  // The provider's Message-ID was seen before: nothing changed.
  duplicate: z.boolean(),
  message_id: z.number().int(),
  // The ticket the message joined or opened; null for a duplicate or an automatic message.
  ticket_id: z.number().int().nullable(),
});

export const inboundSecuritySchemes = {
  twilioSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Twilio-Signature',
    description: "Twilio's HMAC-SHA1 signature of PUBLIC_URL + path and the form, keyed with TWILIO_AUTH_TOKEN.",
  },
  inboundEmailSecret: {
    type: 'http',
    scheme: 'bearer',
    description: 'INBOUND_EMAIL_SECRET, which the mail relay sends as a bearer token.',
  },
} as const;

// By "METHOD url", as the routes are registered (modules/inbound/routes.ts).
export const inboundRouteDescriptions: Readonly<Record<string, FastifySchema>> = {
  [`POST ${API_BASE_PATH}/webhooks/twilio/sms`]: {
    operationId: 'inbound.receiveText',
    tags: ['inbound'],
    summary: 'An incoming text (Twilio\'s "A message comes in" webhook)',
    description:
      "Twilio's form only (anything else answers 415), from an E.164 number; MediaUrlN and MediaContentTypeN " +
      'for each of the NumMedia pictures. Answers 503 while TWILIO_AUTH_TOKEN is unset, 403 for a bad signature.',
    consumes: ['application/x-www-form-urlencoded'],
    produces: ['text/xml'],
    body: twilioMessageParams,
    security: [{ twilioSignature: [] }],
    response: {
      200: { description: 'An empty TwiML answer.', content: { 'text/xml': { schema: z.string() } } },
      default: { description: 'An error.', content: { 'application/json': { schema: errorsResponseSchema } } },
    },
  },
  [`POST ${API_BASE_PATH}/webhooks/email`]: {
    operationId: 'inbound.receiveEmail',
    tags: ['inbound'],
    summary: 'An incoming email, as the raw MIME message from the mail relay',
    description:
      'A known sender joins or opens their ticket; a reply to one of ours joins its ticket (In-Reply-To); ' +
      'automatic mail never opens one. Answers 503 while INBOUND_EMAIL_SECRET is unset.',
    consumes: ['message/rfc822', 'text/plain'],
    body: z.string().describe('The raw message (RFC 5322), up to 10 MB.'),
    security: [{ inboundEmailSecret: [] }],
    response: {
      200: { description: 'Received.', content: { 'application/json': { schema: inboundEmailAnswerSchema } } },
      default: { description: 'An error.', content: { 'application/json': { schema: errorsResponseSchema } } },
    },
  },
};
