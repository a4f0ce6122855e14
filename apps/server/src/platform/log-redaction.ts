// Personal and secret data never reaches the logs (pino redact paths).
const SECRET_FIELDS = ['password', 'otp', 'token', 'apiToken', 'ssn', 'account', 'routing', 'number', 'card', 'otp_uri'];

export const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ],
  censor: '[redacted]',
};
