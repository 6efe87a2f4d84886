import { STORAGE_KEYS } from '@gatehouse/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { storage, storageKey } from '@/lib/storage';
import { createCountdown } from './countdown';

/** Spec §4: what counts as activity. Pointer moves do not: a resting mouse is no one working. */
export const ACTIVITY_EVENTS = ['click', 'keydown', 'wheel'] as const;
/** Activity in one browser tab restarts the countdown in the others. */
export const ACTIVITY_CHANNEL = 'gatehouse-activity';
/** A busy tab tells the others at most this often. */
const BROADCAST_EVERY_MS = 1000;

/** The server hears of activity here at most this often (its idle timeout outlasts the lock). */
const REPORT_ACTIVITY_EVERY_MS = 60_000;

/**
 * Runs the inactivity countdown while the console is unlocked: any click, key press or wheel,
 * here or in another tab of the console, restarts it, and at zero `onLock` is called.
 * `onActive` is called on activity in this tab, at most once a minute (twice per countdown when
 * it is shorter): work that sends no request still keeps the session alive on the server.
 */
export function useInactivityLock({
  seconds,
  locked,
  onLock,
  onActive,
}: {
  seconds: number;
  locked: boolean;
  onLock: () => void;
  onActive?: () => void;
}): void {
  const onLockRef = useRef(onLock);
  const onActiveRef = useRef(onActive);
  useEffect(() => {
    onLockRef.current = onLock;
    onActiveRef.current = onActive;
  }, [onLock, onActive]);

  useEffect(() => {
    if (locked) return;
    const countdown = createCountdown({ seconds, onZero: () => onLockRef.current() });
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(ACTIVITY_CHANNEL) : null;
    let lastSent = 0;
    const reportEvery = Math.min(REPORT_ACTIVITY_EVERY_MS, (seconds * 1000) / 2);
    let lastReported = Date.now();
    const onActivity = () => {
      countdown.restart();
      const now = Date.now();
      if (now - lastReported >= reportEvery) {
        lastReported = now;
        onActiveRef.current?.();
      }
      if (channel && now - lastSent >= BROADCAST_EVERY_MS) {
        lastSent = now;
        channel.postMessage('activity');
      }
    };
    const onOtherTab = () => countdown.restart();
    channel?.addEventListener('message', onOtherTab);
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    return () => {
      countdown.stop();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      channel?.removeEventListener('message', onOtherTab);
      channel?.close();
    };
  }, [seconds, locked]);
}

const localListeners = new Set<() => void>();

function subscribeLock(onChange: () => void): () => void {
  const key = storageKey(STORAGE_KEYS.isLockscreen);
  // Another tab locking or unlocking the console writes the same key.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === key) onChange();
  };
  window.addEventListener('storage', onStorage);
  localListeners.add(onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    localListeners.delete(onChange);
  };
}

function readLock(): boolean {
  return storage.get<boolean>(STORAGE_KEYS.isLockscreen) === true;
}

/** Sets or clears `Is-Lockscreen`; a reload and the other tabs of the console follow it. */
export function setLocked(locked: boolean): void {
  if (locked) storage.set(STORAGE_KEYS.isLockscreen, true);
  else storage.remove(STORAGE_KEYS.isLockscreen);
  for (const listener of localListeners) listener();
}

/** Whether the console is locked, as `Is-Lockscreen` says, in this tab or another. */
export function useLocked(): boolean {
  return useSyncExternalStore(subscribeLock, readLock);
}
