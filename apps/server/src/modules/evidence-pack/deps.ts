import type { ServerContext } from '../../context.ts';

// What the evidence-pack module takes from the server (decision 045): the part of the context it uses.
export type EvidencePackDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone' | 'storage' | 'secretsKey'>;
