import type { FastifyInstance } from 'fastify';

export const MESSAGES_FOR_TESTS = {
  invalidCredentials: 'Invalid email or password.',
  otpRequired: 'Enter the one-time password from your authenticator app.',
};

export function signIn(
  app: FastifyInstance,
  employee: { email: string; password: string; otp?: string },
  remoteAddress = '127.0.0.1',
) {
  return app.inject({ method: 'POST', url: '/internal/api/employees/sign_in', payload: { employee }, remoteAddress });
}

// POST enable_2fa: enrols an authenticator for the employee with that email and password.
export function enableMfa(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  remoteAddress = '127.0.0.1',
) {
  return app.inject({ method: 'POST', url: '/internal/api/enable_2fa', payload: credentials, remoteAddress });
}
