// What is stored of a bank account's routing and account numbers, made by whoever holds the key
// (the server; decision 070): packages/db has no key, so a seed of bank accounts takes a sealer from
// its caller. Without one, the numbers are stored as `<routing>:<account>`, the form a value
// from before sealing has, and the server seals them at its next start.
export type BankNumbersToSeal = { routing: string; account: string };
export type SealedBankNumbers = { sealed: string; last4: string };
export type SealBankNumbers = (bankAccountId: number, numbers: BankNumbersToSeal) => SealedBankNumbers;

export function unsealedBankNumbers({ routing, account }: BankNumbersToSeal): SealedBankNumbers {
  // The first colon parts the two: a routing number is nine digits.
  if (routing.includes(':')) throw new Error('A routing number holds no colon.');
  return { sealed: `${routing}:${account}`, last4: account.slice(-4) };
}
