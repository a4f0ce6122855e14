import type { ServerContext } from '../../context.ts';

// What the surveys module takes from the server (decision 045): the part of the context it uses.
export type SurveysDeps = Pick<ServerContext, 'db' | 'businessTimeZone'>;
