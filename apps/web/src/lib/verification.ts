// user.verified codes (spec 000 section 3).
const labels: Record<number, string> = {
  [-7]: 'Manual fraud hold',
  [-5]: 'Documents received, pending review',
  [-2]: 'DL-SSN not verified',
  [-1]: 'DL not verified',
  0: 'Not verified',
  1: 'DL verified',
  2: 'DL-SSN verified',
};

export function verificationLabel(code: number): string {
  return labels[code] ?? `Verification code ${code}`;
}

export function verificationColor(code: number): string {
  if (code === -7) return 'red';
  if (code < 0) return 'orange';
  if (code > 0) return 'teal';
  return 'gray';
}
