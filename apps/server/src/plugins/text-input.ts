/// <reference lib="es2024.string" />
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../platform/http-error.ts';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    // The route reads outside messages and cleans their text itself (the inbound webhooks): a
    // customer's stray byte must not cost us the message, so the text-input check skips it.
    cleansOwnInput?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

// More than this many bad fields say nothing new; the walk stops there.
const MAX_ERRORS = 10;

type Problem = 'nul' | 'broken';

// PostgreSQL text cannot hold a NUL (U+0000), and JSONB (the audit) refuses a lone surrogate (half
// of a UTF-16 pair), so either would end as a 500 from the database, after part of the work.
// Every route is checked before validation, with a 400 that names the field; authentication
// runs first (register this after it), so a signed-out caller still gets 401.
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.cleansOwnInput === true) return;
    const errors = findBadText(request);
    if (errors.length > 0) throw badRequest(errors);
  });
}

function findBadText(request: FastifyRequest): string[] {
  return findBadTextIn([
    { value: request.params, whole: 'The path' },
    { value: request.query, whole: 'The query string' },
    { value: request.body, whole: 'The request body' },
  ]);
}

// Strings at any depth of parsed input, object keys too. Walked without recursion, and each entry
// points at its parent rather than copying its path: a 1 MB JSON body can nest 500,000 deep.
// Buffers and other objects a parser made are not text and are not walked.
type Entry = { parent: Entry | null; key: string | null; value: unknown; whole: string };

export function findBadTextIn(sources: Array<{ value: unknown; whole: string }>): string[] {
  const errors = new Set<string>();
  const queue: Entry[] = sources.map((source) => ({ parent: null, key: null, ...source }));
  for (let next = 0; next < queue.length && errors.size < MAX_ERRORS; next += 1) {
    const entry = queue[next]!;
    const { value, whole } = entry;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) errors.add(describeValue(pathOf(entry), whole, problem));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (mayHoldText(item)) queue.push({ parent: entry, key: String(index), value: item, whole });
      });
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const child = { parent: entry, key, value: item, whole };
        const problem = problemOf(key);
        if (problem) errors.add(describeKey(pathOf(child), problem));
        if (mayHoldText(item)) queue.push(child);
      }
    }
  }
  return [...errors];
}

function pathOf(entry: Entry): string[] {
  const path: string[] = [];
  for (let at: Entry | null = entry; at !== null && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

function problemOf(text: string): Problem | null {
  if (text.includes('\0')) return 'nul';
  return text.isWellFormed() ? null : 'broken';
}

const PROBLEM_WORDS: Record<Problem, string> = {
  nul: 'must not contain a NUL character.',
  broken: 'is not valid text (it holds a broken Unicode character).',
};

function describeValue(path: string[], whole: string, problem: Problem): string {
  // The wildcard of a catch-all route is the path itself.
  if (path.length === 0 || (path.length === 1 && path[0] === '*')) return `${whole} ${PROBLEM_WORDS[problem]}`;
  return `${fieldName(path)}: ${PROBLEM_WORDS[problem]}`;
}

function describeKey(path: string[], problem: Problem): string {
  return `${fieldName(path)}: a field name ${PROBLEM_WORDS[problem]}`;
}

// Dotted like the validation errors (tags.1); a bad key is shown with its NUL as \0 and its broken
// character as U+FFFD, so the answer itself is clean text.
function fieldName(path: string[]): string {
  return path.map((part) => part.replaceAll('\0', '\\0').toWellFormed()).join('.');
}

function mayHoldText(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'object' && value !== null);
}

// A JSON object, or the null-prototype objects the router and the query-string parser make
// (`new NullObject()`), but not a Buffer, a stream or another class's instance.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: object | null = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}
