import type { SessionResponse } from '@portal/contracts';

export function sessionFixture(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    apiToken: 'token-abc',
    clearance: 1,
    email: 'ana@portal.example',
    employeeId: 7,
    name: 'Ana Lopez',
    online: false,
    permissions: [],
    mfaEnabled: false,
    expiresAt: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString(),
    sts_key_id: null,
    sts_secret_key: null,
    sts_session_token: null,
    escalation_contact: 'Engineering',
    ...overrides,
  };
}
