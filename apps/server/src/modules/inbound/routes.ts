import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '@portal/contracts';
import type { InboundDeps } from './deps.ts';
import { secretsMatch } from '../../platform/constant-time.ts';
import { badRequest, forbidden, HttpError, unauthorized } from '../../platform/http-error.ts';
import { isValidTwilioSignature } from '../../platform/twilio-signature.ts';
import { parseInboundEmail } from './parse-email.ts';
import { receiveInboundMessage } from './receive-message.ts';
import {
  isFormContentType,
  parseFormParams,
  readTwilioMessage,
  TWILIO_MESSAGES,
  TWIML_EMPTY_RESPONSE,
} from './twilio-message.ts';

export const INBOUND_MESSAGES = {
  textsOff: 'Inbound texts are not configured.',
  emailOff: 'Inbound email is not configured.',
  badSignature: 'The request is not signed by Twilio.',
  badRelaySecret: 'The inbound email relay did not send the right secret.',
  emptyEmail: 'Send the raw MIME message as the request body (Content-Type: message/rfc822).',
} as const;

const FORM_BODY_LIMIT = 256 * 1024;
const EMAIL_BODY_LIMIT = 10 * 1024 * 1024;

// Webhooks from Twilio and the email relay. They carry no staff session (public routes), so each
// authenticates its caller itself before anything is read or written.
export function registerInboundRoutes(app: FastifyInstance, context: InboundDeps): void {
  // A scope of its own, so the form and raw-MIME body parsers apply to these two routes only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, parseFormParams(String(body)));
      },
    );
    scope.removeContentTypeParser('text/plain');
    // Bytes, not a string: mailparser decodes each part by its own charset.
    scope.addContentTypeParser(
      ['message/rfc822', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: EMAIL_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );

    // Before the body is read: only Twilio's form is taken (415 for JSON or anything else).
    const onlyForms = async (request: FastifyRequest) => {
      twilioAuthToken(context);
      if (!isFormContentType(request.headers['content-type'])) throw new HttpError(415, TWILIO_MESSAGES.formOnly);
    };
    scope.post(
      `${API_BASE_PATH}/webhooks/twilio/sms`,
      { config: { public: true, cleansOwnInput: true }, onRequest: onlyForms },
      async (request, reply) => {
        const authToken = twilioAuthToken(context);
        const form = formOf(request.body);
        const signature = request.headers['x-twilio-signature'];
        if (
          !isValidTwilioSignature(
            authToken,
            typeof signature === 'string' ? signature : undefined,
            signedUrl(request, context),
            form,
          )
        ) {
          throw forbidden(INBOUND_MESSAGES.badSignature);
        }
        await receiveInboundMessage(context, readTwilioMessage(form));
        // An empty TwiML answer: we reply later, from the ticket, not automatically.
        return reply.type('text/xml').send(TWIML_EMPTY_RESPONSE);
      },
    );

    scope.post(
      `${API_BASE_PATH}/webhooks/email`,
      { config: { public: true, cleansOwnInput: true } },
      async (request) => {
        const secret = context.inbound.emailSecret;
        if (!secret) throw new HttpError(503, INBOUND_MESSAGES.emailOff);
        const header = request.headers.authorization ?? '';
        const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
        if (!secretsMatch(given, secret)) throw unauthorized(INBOUND_MESSAGES.badRelaySecret);
        if (!Buffer.isBuffer(request.body) || request.body.toString('utf8').trim() === '')
          throw badRequest(INBOUND_MESSAGES.emptyEmail);
        const received = await receiveInboundMessage(context, await parseInboundEmail(request.body));
        return received.duplicate
          ? { received: true, duplicate: true, message_id: received.messageId, ticket_id: null }
          : { received: true, duplicate: false, message_id: received.messageId, ticket_id: received.ticketId };
      },
    );
  });
}

function twilioAuthToken(context: InboundDeps): string {
  const authToken = context.inbound.twilioAuthToken;
  if (!authToken) throw new HttpError(503, INBOUND_MESSAGES.textsOff);
  return authToken;
}

function formOf(body: unknown): Record<string, string | string[]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const form: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' || (Array.isArray(value) && value.every((each) => typeof each === 'string')))
      form[name] = value;
  }
  return form;
}

// The URL Twilio called, which its signature covers: our public base URL (behind a proxy the
// request's own host and scheme are not what Twilio saw) plus the path and query.
function signedUrl(request: FastifyRequest, context: InboundDeps): string {
  const base = context.inbound.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return `${base}${request.url}`;
}
