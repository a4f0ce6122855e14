export const transactionEmailKeys = {
  all: (userId: number) => ['transaction-emails', userId] as const,
  page: (userId: number, continuation: string | null) => ['transaction-emails', userId, 'page', continuation] as const,
  email: (userId: number, key: string) => ['transaction-emails', userId, 'email', key] as const,
};
