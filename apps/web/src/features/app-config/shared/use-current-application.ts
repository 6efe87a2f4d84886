import type { Application } from '@gatehouse/contract';
import { useApplication } from '@/api/applications';
import { isApiError } from '@/lib/http';
import { useAppId } from './use-app-id';

/** Where the application of the app-config screens stands. */
export type CurrentApplication =
  | { status: 'missing'; appId: undefined; application: undefined }
  | { status: 'loading' | 'unknown' | 'error'; appId: string; application: undefined }
  | { status: 'ready'; appId: string; application: Application };

/**
 * The application named by `appId`, for screens that show their lists only once it is known:
 * an unknown id would otherwise fail every list call with a 404 toast.
 */
export function useCurrentApplication(): CurrentApplication {
  const appId = useAppId();
  const query = useApplication(appId);
  if (appId === undefined) return { status: 'missing', appId, application: undefined };
  if (query.data && query.data.applicationId === appId) {
    return { status: 'ready', appId, application: query.data };
  }
  if (query.isError) {
    const unknown = isApiError(query.error) && query.error.status === 404;
    return { status: unknown ? 'unknown' : 'error', appId, application: undefined };
  }
  return { status: 'loading', appId, application: undefined };
}
