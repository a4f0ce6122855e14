// The macros module's public face: other modules import from here, never from its other files.

export { findActiveMacroByTitle, findActiveMacroTexts, macroExists } from './repository.ts';
