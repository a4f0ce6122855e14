// The letters module's public face: other modules import from here, never from its other files.

export { registerLetterRoutes } from './routes.ts';
