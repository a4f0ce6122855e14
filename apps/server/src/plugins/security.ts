import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Stage } from '@portal/contracts';

// Security headers. Mantine sets inline styles, hence style-src 'unsafe-inline'; the QR code of the
// MFA screen is a data: image. Outside dev the browser is told to use https only.
export async function registerSecurityHeaders(app: FastifyInstance, stage: Stage): Promise<void> {
  const secure = stage !== 'dev';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
