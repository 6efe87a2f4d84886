import { errorBodySchema } from '@gatehouse/contract';

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
