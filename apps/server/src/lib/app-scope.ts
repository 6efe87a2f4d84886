import { APP_CONFIG_MESSAGES } from '@gatehouse/contract';
import { forbidden, validationFailed } from './errors.ts';

/** A PUT edits a record where it is; naming another application is a 400, not a move. */
export function assertSameApplication(current: string, requested: string): void {
  if (current !== requested) throw validationFailed({ applicationId: APP_CONFIG_MESSAGES.movedApplication });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record keys are uuids; anything else names no record (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The applications a grant reaches (delegated administration): every one, or those named.
 * A request's scope is that of the grant its route checked.
 */
export type AppScope = 'all' | ReadonlySet<string>;

/** The applications either scope reaches. */
export function unionScopes(a: AppScope | null, b: AppScope): AppScope {
  if (a === null) return b;
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

export function inScope(scope: AppScope, applicationId: string): boolean {
  return scope === 'all' || scope.has(applicationId);
}

/** 403 when the record's application lies outside the caller's scope. */
export function assertInScope(scope: AppScope, applicationId: string): void {
  if (!inScope(scope, applicationId)) throw forbidden();
}
