import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { permissionRefusal, type Permission } from '@portal/contracts';
import { forbidden } from '../platform/http-error.ts';
import { requestTokenOf as tokenOf, type Authenticator } from '../platform/request-session.ts';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    // Every route with whether it is public, in registration order (for the deny-by-default test).
    listRouteAccess: () => RouteAccess[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type RouteAccess = { method: HTTPMethods; url: string; public: boolean; anyOf: readonly Permission[] };

// Deny by default (decision 014), and the call's permission (decision 037): a request needs a signed-in employee unless the route it matched
// says `config: { public: true }`. The decision is made on the matched route, never on the URL's
// text, so percent-escapes, doubled slashes or letter case cannot route around it; a request that
// matched no route needs a session too, so a signed-out caller cannot even learn which paths exist.
//
// The token comes as a bearer header, or as a `token` field in the body or query (as the spec's
// clients send it). Authentication runs before validation, so a signed-out caller gets 401, not 400.
export function registerAuthentication(app: FastifyInstance, sessions: Authenticator): void {
  // Read when asked, not when registered: a scope's own onRoute hook (markScopePublic) runs after this one.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('listRouteAccess', () =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method,
        url: route.url,
        public: route.config?.public === true,
        anyOf: route.config?.anyOf ?? [],
      })),
    ),
  );

  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (request) => {
    const { config } = request.routeOptions;
    if (config.public === true) {
      const token = config.sessionIfSent === true ? tokenOf(request) : null;
      if (token !== null) request.auth = await sessions.authenticate(token);
      return;
    }
    const session = await sessions.authenticate(tokenOf(request));
    request.auth = session;
    // The call's declared permission, before its input is read: a caller without it learns nothing
    // from validation and the handler never runs (decision 037).
    const anyOf = config.anyOf ?? [];
    if (anyOf.length > 0 && !anyOf.some((permission) => session.permissions.includes(permission)))
      throw forbidden(permissionRefusal(anyOf[0]!));
  });
}

// Marks every route registered in this scope public (for plugins such as @fastify/static whose
// routes take no config of ours).
export function markScopePublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
}
