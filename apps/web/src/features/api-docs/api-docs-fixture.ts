import type { ApiDocument } from '@portal/contracts';

const errors = {
  description: 'An error.',
  content: { 'application/json': { schema: { type: 'object', properties: { errors: { type: 'array' } } } } },
};

// A small document of the server's shape, for the viewer's tests.
export const apiDocumentFixture: ApiDocument = {
  openapi: '3.1.0',
  info: { title: 'The Portal API', version: '1.0.0', description: 'The internal API of the Portal.' },
  security: [{ staffSession: [] }],
  components: {
    securitySchemes: {
      staffSession: { type: 'http', scheme: 'bearer' },
      twilioSignature: { type: 'apiKey', in: 'header', name: 'X-Twilio-Signature' },
    },
  },
  paths: {
    '/internal/api/toggle_ach': {
      patch: {
        operationId: 'loans.toggleAch',
        tags: ['loans'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { loan_id: { type: 'integer' } }, required: ['loan_id'] },
            },
          },
        },
        responses: { '200': { description: 'OK.' }, default: errors },
      },
    },
    '/internal/api/loan_info': {
      get: {
        operationId: 'loans.getLoanInfo',
        tags: ['loans'],
        parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'OK.' }, default: errors },
      },
    },
    '/internal/api/employees/sign_in': {
      post: {
        operationId: 'session.signIn',
        tags: ['session'],
        security: [],
        responses: { '200': { description: 'OK.' }, default: errors },
      },
    },
    '/internal/api/webhooks/twilio/sms': {
      post: {
        operationId: 'inbound.receiveText',
        summary: 'An incoming text',
        tags: ['inbound'],
        security: [{ twilioSignature: [] }],
        responses: { '200': { description: 'An empty TwiML answer.' }, default: errors },
      },
    },
  },
};
