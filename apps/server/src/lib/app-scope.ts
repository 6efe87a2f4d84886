import { APP_CONFIG_MESSAGES } from '@gatehouse/contract';
import { validationFailed } from './errors.ts';

/** A PUT edits a record where it is; naming another application is a 400, not a move. */
export function assertSameApplication(current: string, requested: string): void {
  if (current !== requested) throw validationFailed({ applicationId: APP_CONFIG_MESSAGES.movedApplication });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record keys are uuids; anything else names no record (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
