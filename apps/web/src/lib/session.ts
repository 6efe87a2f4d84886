import { SESSION_LIFETIME_SECONDS, STORAGE_KEYS, type UserInfo } from '@gatehouse/contract';
import { setLanguage } from './i18n';
import { storage } from './storage';
import { setTheme } from './theme';

export function getToken(): string | null {
  return storage.get<string>(STORAGE_KEYS.accessToken);
}

export function getCurrentUser(): UserInfo | null {
  return storage.get<UserInfo>(STORAGE_KEYS.currentUser);
}

/**
 * Set when the server ended the session (a 401 while signed in), until the next sign-in: a
 * route guard that finds no session then still sends the user to the login page that says
 * why, whichever of them runs first. Kept in this tab's sessionStorage, because the 401 may
 * reach a page the browser is already leaving, and the guard runs in the next one.
 */
const LOST_KEY = 'GATEHOUSE_SESSION-LOST';

function setLost(lost: boolean): void {
  try {
    if (lost) sessionStorage.setItem(LOST_KEY, '1');
    else sessionStorage.removeItem(LOST_KEY);
  } catch {
    // Storage refused (private mode): the login page only misses the reason.
  }
}

export function sessionWasLost(): boolean {
  try {
    return sessionStorage.getItem(LOST_KEY) === '1';
  } catch {
    return false;
  }
}

/** Spec §4: a successful login keeps the token and the user info for seven days. */
export function saveSession(token: string, userInfo: UserInfo): void {
  setLost(false);
  storage.set(STORAGE_KEYS.accessToken, token, SESSION_LIFETIME_SECONDS);
  storage.set(STORAGE_KEYS.currentUser, userInfo, SESSION_LIFETIME_SECONDS);
  applyUserPreferences(userInfo);
}

/** After sign-in the language and theme the user chose win over this browser's; unset ones leave it be. */
export function applyUserPreferences(userInfo: Pick<UserInfo, 'language' | 'theme'>): void {
  if (userInfo.language) setLanguage(userInfo.language);
  if (userInfo.theme) setTheme(userInfo.theme);
}

export function saveCurrentUser(userInfo: UserInfo): void {
  storage.set(STORAGE_KEYS.currentUser, userInfo, SESSION_LIFETIME_SECONDS);
}

/**
 * Everything tied to the signed-in user goes, so the next user starts clean. `expired` marks
 * a session the server ended, as opposed to a sign-out.
 */
export function clearSession({ expired = false }: { expired?: boolean } = {}): void {
  // A clear with no session left is the echo of one already gone (another call's 401), and
  // keeps what the first said; a clear of a live session is a sign-out unless `expired`.
  setLost(expired || (sessionWasLost() && getToken() === null));
  storage.remove(STORAGE_KEYS.accessToken);
  storage.remove(STORAGE_KEYS.currentUser);
  storage.remove(STORAGE_KEYS.isLockscreen);
  storage.remove(STORAGE_KEYS.tabsRoutes);
}
