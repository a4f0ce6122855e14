// An ABA routing number: nine digits whose check digit holds (weights 3, 7, 1 over the digits, the
// sum a multiple of ten). One rule for the ACH file, its configuration and the door (issue 41).
export function isRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0;
}
