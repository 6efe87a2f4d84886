// One file per area; a new area adds its file here so drizzle-kit and the typed db see it.
export * from './application-clients.ts';
export * from './applications.ts';
export * from './audit.ts';
export * from './catalog.ts';
export * from './data-accesses.ts';
export * from './federation.ts';
export * from './identity.ts';
export * from './jobs.ts';
export * from './list-counts.ts';
export * from './oidc.ts';
export * from './passkeys.ts';
export * from './permissions.ts';
export * from './webhooks.ts';
export * from './workspace.ts';
