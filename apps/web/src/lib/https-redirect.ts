import { readMetaContent } from './page-meta.ts';

export type BrowserLocation = {
  protocol: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
};

function hostOf(publicUrl: string | null): string | null {
  if (!publicUrl) return null;
  try {
    return new URL(publicUrl).host || null;
  } catch {
    return null;
  }
}

// Outside the dev stage the app only runs on https (spec 000 section 2): the https URL to go to,
// on the stage's public host when one is configured, or null to stay.
export function httpsRedirectTarget(
  location: BrowserLocation,
  stage: string | null,
  publicUrl: string | null,
): string | null {
  if (stage === 'dev' || location.protocol === 'https:') return null;
  const host = hostOf(publicUrl) ?? location.host;
  return `https://${host}${location.pathname}${location.search}${location.hash}`;
}

// Called once on boot, before React renders; true when the browser is leaving for https.
export function redirectToHttpsIfNeeded(): boolean {
  const target = httpsRedirectTarget(
    window.location,
    readMetaContent('portal-stage'),
    readMetaContent('portal-public-url'),
  );
  if (target === null) return false;
  window.location.replace(target);
  return true;
}
