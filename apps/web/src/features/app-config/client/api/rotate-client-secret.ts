import type { RotateClientSecret, RotatedClientSecret } from '@gatehouse/contract';
import { clientsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/**
 * POST /admin-service/v2/application/client/{acId}/secret: a new secret, in this answer only;
 * the previous one keeps working until the next rotation.
 */
export function rotateClientSecret({
  acId,
  ...body
}: { acId: string } & NonNullable<RotateClientSecret>): Promise<RotatedClientSecret> {
  return api.post<RotatedClientSecret>(
    `/admin-service/v2/application/client/${encodeURIComponent(acId)}/secret`,
    body,
  );
}

export const useRotateClientSecret = () => useRefreshingMutation(rotateClientSecret, clientsKey);
