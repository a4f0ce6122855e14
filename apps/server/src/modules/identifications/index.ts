// The identifications module's public face: other modules import from here, never from its other files.
export { registerIdentificationRouteHandlers as registerIdentificationRoutes } from './routes.ts';
export { openIdentityReview, type IdentityFacts } from './identity-documents.ts';
