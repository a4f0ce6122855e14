import { parseApprovalThresholds } from '@portal/contracts';

// For a test file about the actions themselves (a refund, a credit): nothing waits for a second
// employee there. Four eyes has its own tests (modules/approvals/approvals.test.ts).
export const WITHOUT_FOUR_EYES = {
  approvals: { thresholds: parseApprovalThresholds('')!, expiryHours: 72 },
};
