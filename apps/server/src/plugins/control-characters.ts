import {
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_BUT_LINES,
  MESSAGES,
  type Message,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from '../lib/errors.ts';

type Part = 'params' | 'querystring' | 'body';

/** A place in the walked value: its key and the place it sits in, so paths are built only for hits. */
type Place = { key: string; parent: Place | null } | null;

const pathOf = (place: Place): string => {
  const keys: string[] = [];
  for (let at = place; at !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/** Enough field messages for a form; a hostile body could otherwise hold one per string. */
const MAX_FIELDS = 20;

/**
 * Where control characters are found in one part of a request: field path (dotted, as the
 * validation errors name fields) to the message. Object keys count as text too. The walk
 * keeps its own stack, so a deeply nested body cannot exhaust the call stack.
 */
export function controlCharacterFields(value: unknown, controls: RegExp): Record<string, Message> {
  const fields: Record<string, Message> = {};
  let found = 0;
  const pending: { value: unknown; place: Place }[] = [{ value, place: null }];
  while (pending.length > 0 && found < MAX_FIELDS) {
    const { value: current, place } = pending.pop()!;
    if (typeof current === 'string') {
      if (controls.test(current)) {
        fields[pathOf(place)] ??= MESSAGES.controlCharacters;
        found++;
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (controls.test(key)) {
          fields[pathOf(place)] ??= MESSAGES.controlCharacters;
          found++;
        } else pending.push({ value: child, place: { key, parent: place } });
      }
    }
  }
  return fields;
}

const PARTS: [Part, (request: FastifyRequest) => unknown, RegExp][] = [
  // An id in the path and a search value are one line; a body's text may span lines.
  ['params', (request) => request.params, CONTROL_CHARACTERS],
  ['querystring', (request) => request.query, CONTROL_CHARACTERS],
  ['body', (request) => request.body, CONTROL_CHARACTERS_BUT_LINES],
];

/**
 * Text with control characters is refused with a 400 and a field message before a handler
 * sees it: PostgreSQL refuses NUL in text (a 500 otherwise), and the others only hide what
 * a reader sees. The contract's schemas refuse them in their own fields, with every other
 * field message of the form; this runs after validation, on what validation kept (unknown
 * fields are gone by then), and covers every string a route's schema lets through, path
 * ids included. It runs before the handler, so a refused sign-in never reaches the failure
 * counter.
 */
async function controlCharacters(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const fields: Record<string, Message> = {};
    for (const [part, read, controls] of PARTS) {
      for (const [path, message] of Object.entries(controlCharacterFields(read(request), controls)))
        fields[path || part] ??= message;
    }
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
  });
}

export default fp(controlCharacters, { name: 'control-characters' });
