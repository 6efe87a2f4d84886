import { DEFAULT_CONSOLE_SETTINGS } from '@gatehouse/contract';
import { useCallback } from 'react';
import { fetchCurrentUser } from '@/features/account/api/current-user';
import { useConsoleSettings } from '@/features/console-settings/api/console-settings';
import { setLocked, useInactivityLock, useLocked } from './use-inactivity-lock';

/**
 * Tells the server the user is at work (their session's idle timeout restarts): a failure is
 * the HTTP client's to report, a lost session included.
 */
function reportActivity(): void {
  fetchCurrentUser().catch(() => {});
}

/**
 * The console's inactivity lock: the timeout of the console settings (3600 s until they are
 * read), counted while unlocked. Returns whether the console is locked and how to unlock it.
 */
export function useConsoleLock(): { locked: boolean; unlock: () => void } {
  const settings = useConsoleSettings();
  const locked = useLocked();
  const seconds = settings.data?.lockSeconds ?? DEFAULT_CONSOLE_SETTINGS.lockSeconds;
  const lock = useCallback(() => setLocked(true), []);
  useInactivityLock({ seconds, locked, onLock: lock, onActive: reportActivity });
  const unlock = useCallback(() => setLocked(false), []);
  return { locked, unlock };
}
