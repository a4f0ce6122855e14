// The user page module's public face: other modules import from here, never from its other files.

export { registerUserPageRoutes } from './routes.ts';
