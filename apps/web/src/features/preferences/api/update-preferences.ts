import type { Preferences, UserInfo, UserPreferences } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { getCurrentUser, getToken, saveCurrentUser } from '@/lib/session';

/**
 * PUT /admin-service/user/preferences: keeps the signed-in user's choice for their next
 * sign-in, on any browser. Without a session there is nobody to keep it for. A failure is
 * quiet: the choice already holds in this browser.
 */
export async function updatePreferences(preferences: Preferences): Promise<UserPreferences | undefined> {
  if (!getToken()) return undefined;
  const saved = await api.put<UserPreferences>('/admin-service/user/preferences', preferences, {
    silent: true,
  });
  const user = getCurrentUser();
  if (user && getToken()) saveCurrentUser({ ...user, ...saved } satisfies UserInfo);
  return saved;
}
