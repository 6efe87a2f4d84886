import type { PermissionListQuery } from '@gatehouse/contract';
import { permissions } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type PermissionRow = typeof permissions.$inferSelect;

/** An application's permissions. Keys from `permissions_app_created_idx` in the default order. */
export const list = definePagedList({
  table: permissions,
  key: permissions.resourceId,
  sorts: {
    name: permissions.name,
    id: permissions.id,
  },
  counted: { column: permissions.applicationId, scope: (query: PermissionListQuery) => query.applicationId },
  filters: (query: PermissionListQuery) => [
    keywordIn([permissions.name, permissions.id, permissions.resourceType], query.keyword),
    contains(permissions.name, query.name),
    contains(permissions.id, query.id),
    oneOf(permissions.resourceType, query.resourceType),
  ],
});

export const { findForUpdate, insert, update } = byKey(permissions, permissions.resourceId);
