import type { ServerContext } from '../../context.ts';

// What the health module takes from the server (decision 045): the part of the context it uses.
export type HealthDeps = Pick<ServerContext, 'db'>;
