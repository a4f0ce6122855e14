// Thin helpers over document.cookie. Values are URI-encoded; every cookie is scoped to the whole app.

export type CookieOptions = {
  expires?: Date;
};

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const attributes = ['path=/', 'SameSite=Strict'];
  if (options.expires) attributes.push(`expires=${options.expires.toUTCString()}`);
  if (window.location.protocol === 'https:') attributes.push('Secure');
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

// Sign-out clears every cookie the app can see (spec 000 section 4).
export function clearAllCookies(): void {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}
