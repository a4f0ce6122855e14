// The letters module's public face: other modules import from here, never from its other files.

export { registerLetterRoutes } from './routes.ts';

// Letters other modules send (the FCRA lookup's 103 mailer).
export { issueLetter, type LetterKind } from './letter-service.ts';
