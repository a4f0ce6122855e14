// The user page of a customer, as every screen links to it (spec 000: /user?ID=...).
export function userPath(id: number): string {
  return `/user?${new URLSearchParams({ ID: String(id) }).toString()}`;
}
