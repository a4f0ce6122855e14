// The base32 secret inside an otpauth:// URI, for employees who type it in instead of scanning.
export function otpSecret(otpUri: string): string | null {
  try {
    return new URL(otpUri).searchParams.get('secret');
  } catch {
    return null;
  }
}
