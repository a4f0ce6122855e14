import type { FastifyInstance } from 'fastify';

// The one shape of a server module (decision 045). Its index.ts exports create<Name>Module(deps):
// deps is what the module takes from the server (its deps.ts: the part of the server context it
// uses) and, where it needs one, another module's service. It builds the module's services once and
// answers them beside registerRoutes, which registers the module's calls, each from its descriptor.
// app.ts makes every module and registers it; nothing else reaches past a module's index.ts.
export type PortalModule = {
  registerRoutes(app: FastifyInstance): void;
};
