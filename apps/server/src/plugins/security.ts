import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Stage } from '@portal/contracts';

// Security headers. Mantine sets inline styles, hence style-src 'unsafe-inline'; the QR code of the
// MFA screen is a data: image; PDFs and customers' photos (identity documents, paystubs), fetched with
// the bearer header, show from blob: URLs. Outside dev the browser is told to use https only.
function helmetOptions(stage: Stage): Parameters<typeof helmet>[0] {
  const secure = stage !== 'dev';
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // PDFs (statements, uploaded documents) are fetched with the bearer header and shown in an
        // iframe from a blob: URL; the blob's document inherits this policy, and Chromium's PDF
        // viewer embeds the file in it, so both frames and objects may come from blob: (never
        // from another origin).
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

// helmet's headers do not depend on the request, so they are worked out once at start and added to
// every reply as they are. (@fastify/helmet rebuilt the policy on every request: a tenth of the CPU
// of an authenticated call; decision 009.)
export function securityHeaders(stage: Stage): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(stage))({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, stage: Stage): void {
  const headers = securityHeaders(stage);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
