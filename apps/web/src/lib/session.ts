import { SESSION_LIFETIME_SECONDS, STORAGE_KEYS, type UserInfo } from '@gatehouse/contract';
import { storage } from './storage';

export function getToken(): string | null {
  return storage.get<string>(STORAGE_KEYS.accessToken);
}

export function getCurrentUser(): UserInfo | null {
  return storage.get<UserInfo>(STORAGE_KEYS.currentUser);
}

/** Spec §4: a successful login keeps the token and the user info for seven days. */
export function saveSession(token: string, userInfo: UserInfo): void {
  storage.set(STORAGE_KEYS.accessToken, token, SESSION_LIFETIME_SECONDS);
  storage.set(STORAGE_KEYS.currentUser, userInfo, SESSION_LIFETIME_SECONDS);
}

export function saveCurrentUser(userInfo: UserInfo): void {
  storage.set(STORAGE_KEYS.currentUser, userInfo, SESSION_LIFETIME_SECONDS);
}

/** Everything tied to the signed-in user goes, so the next user starts clean. */
export function clearSession(): void {
  storage.remove(STORAGE_KEYS.accessToken);
  storage.remove(STORAGE_KEYS.currentUser);
  storage.remove(STORAGE_KEYS.isLockscreen);
  storage.remove(STORAGE_KEYS.tabsRoutes);
}
