import type { Acl, CreateAcl, Status, UpdateAcl } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { aclsKey } from './list-acls';

/** POST /admin-service/v2/application/acl. */
export function createAcl(body: CreateAcl): Promise<Acl> {
  return api.post<Acl>('/admin-service/v2/application/acl', body);
}

/** PUT /admin-service/v2/application/acl: the whole entry, by `aclId`. */
export function updateAcl(body: UpdateAcl): Promise<Acl> {
  return api.put<Acl>('/admin-service/v2/application/acl', body);
}

/** PUT /admin-service/v2/application/acl/{id}/status: a disabled entry grants nothing. */
export function setAclStatus({ aclId, status }: { aclId: string; status: Status }): Promise<Acl> {
  return api.put<Acl>(`/admin-service/v2/application/acl/${encodeURIComponent(aclId)}/status`, { status });
}

export const useCreateAcl = () => useRefreshingMutation(createAcl, aclsKey);
export const useUpdateAcl = () => useRefreshingMutation(updateAcl, aclsKey);
export const useSetAclStatus = () => useRefreshingMutation(setAclStatus, aclsKey);
