import type { ServerContext } from '../../context.ts';

// What the graphql module takes from the server (decision 045): the part of the context it uses.
export type GraphqlDeps = Pick<ServerContext, 'db' | 'secretsKey'>;
