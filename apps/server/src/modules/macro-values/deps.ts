import type { ServerContext } from '../../context.ts';

// What the macro-values module takes from the server (decision 045): the part of the context it uses.
export type MacroValuesDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone'>;
