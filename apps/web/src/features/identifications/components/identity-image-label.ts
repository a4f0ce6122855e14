import type { IdentityImage } from '@portal/contracts';

const KIND_LABELS: Readonly<Record<string, string>> = {
  identification: 'Identification',
  selfie: 'Selfie',
};

// How an image is named on screen: what it shows and its file name.
export function identityImageLabel(image: IdentityImage): string {
  return `${KIND_LABELS[image.kind] ?? image.kind}: ${image.name}`;
}
