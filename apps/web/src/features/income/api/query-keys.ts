// The income review feature's query keys.
export const incomeKeys = {
  all: ['income'] as const,
  review: () => ['income', 'review'] as const,
  rerequestReasons: () => ['income', 'rerequest-reasons'] as const,
};
