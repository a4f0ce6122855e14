export * from './constants.ts';
export * from './errors.ts';
export * from './session.ts';
export * from './rules/search-parameter.ts';
