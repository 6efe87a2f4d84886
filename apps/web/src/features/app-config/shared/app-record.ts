/** A record that belongs to one application and is keyed by its `resourceId`: a data access or a permission. */
export type AppRecord = { resourceId: string; applicationId: string };
