import { STORAGE_KEYS } from '@gatehouse/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { createCountdown } from './countdown';
import { ACTIVITY_CHANNEL, setLocked, useInactivityLock, useLocked } from './use-inactivity-lock';

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCountdown', () => {
  it('ticks once per second and calls onZero once at zero', () => {
    const onZero = vi.fn();
    const ticks: number[] = [];
    const countdown = createCountdown({ seconds: 3, onZero, onTick: (left) => ticks.push(left) });
    vi.advanceTimersByTime(2999);
    expect(ticks).toEqual([2, 1]);
    expect(onZero).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([2, 1, 0]);
    expect(onZero).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onZero).toHaveBeenCalledTimes(1);
    expect(countdown.remaining()).toBe(0);
  });

  it('restarts the full length, not a fraction of it', () => {
    const onZero = vi.fn();
    const countdown = createCountdown({ seconds: 5, onZero });
    vi.advanceTimersByTime(4000);
    countdown.restart();
    expect(countdown.remaining()).toBe(5);
    vi.advanceTimersByTime(4999);
    expect(onZero).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onZero).toHaveBeenCalledTimes(1);
  });

  it('counts against the clock, so slowed timers still end on time', () => {
    let now = 0;
    const onZero = vi.fn();
    const countdown = createCountdown({ seconds: 60, onZero, now: () => now });
    now = 61_000; // the tab slept: only one tick arrives
    vi.advanceTimersByTime(1000);
    expect(countdown.remaining()).toBe(0);
    expect(onZero).toHaveBeenCalledTimes(1);
  });

  it('stops without calling onZero, and a new length starts over', () => {
    const onZero = vi.fn();
    const countdown = createCountdown({ seconds: 2, onZero });
    countdown.setSeconds(10);
    vi.advanceTimersByTime(9000);
    expect(countdown.remaining()).toBe(1);
    countdown.stop();
    vi.advanceTimersByTime(5000);
    expect(onZero).not.toHaveBeenCalled();
  });
});

describe('useInactivityLock', () => {
  it('locks after the timeout, and a click, a key or the wheel restarts it', () => {
    const onLock = vi.fn();
    renderHook(() => useInactivityLock({ seconds: 5, locked: false, onLock }));
    vi.advanceTimersByTime(4000);
    window.dispatchEvent(new MouseEvent('click'));
    vi.advanceTimersByTime(4000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(4000);
    window.dispatchEvent(new WheelEvent('wheel'));
    vi.advanceTimersByTime(4000);
    expect(onLock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onLock).toHaveBeenCalledTimes(1);
  });

  it('tells the server of activity at most once a minute, and not without activity', () => {
    const onActive = vi.fn();
    renderHook(() => useInactivityLock({ seconds: 3600, locked: false, onLock: vi.fn(), onActive }));
    vi.advanceTimersByTime(30_000);
    window.dispatchEvent(new MouseEvent('click'));
    expect(onActive).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    window.dispatchEvent(new MouseEvent('click'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(onActive).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onActive).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new WheelEvent('wheel'));
    expect(onActive).toHaveBeenCalledTimes(2);
  });

  it('tells the server twice per countdown when the countdown is under two minutes', () => {
    const onActive = vi.fn();
    renderHook(() => useInactivityLock({ seconds: 10, locked: false, onLock: vi.fn(), onActive }));
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(5000);
      window.dispatchEvent(new MouseEvent('click'));
    }
    expect(onActive).toHaveBeenCalledTimes(4);
  });

  it('does not count while locked, and stops when unmounted', () => {
    const onLock = vi.fn();
    const { rerender, unmount } = renderHook(
      (locked: boolean) => useInactivityLock({ seconds: 5, locked, onLock }),
      {
        initialProps: true,
      },
    );
    vi.advanceTimersByTime(10_000);
    expect(onLock).not.toHaveBeenCalled();
    rerender(false);
    vi.advanceTimersByTime(5000);
    expect(onLock).toHaveBeenCalledTimes(1);
    rerender(true);
    rerender(false);
    unmount();
    vi.advanceTimersByTime(10_000);
    expect(onLock).toHaveBeenCalledTimes(1);
  });

  it('tells the other tabs of activity, and restarts on theirs', async () => {
    const onLock = vi.fn();
    const posted = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    renderHook(() => useInactivityLock({ seconds: 5, locked: false, onLock }));
    window.dispatchEvent(new MouseEvent('click'));
    expect(posted).toHaveBeenCalledWith('activity');
    posted.mockRestore();

    vi.advanceTimersByTime(4000);
    const other = new BroadcastChannel(ACTIVITY_CHANNEL);
    const probe = new BroadcastChannel(ACTIVITY_CHANNEL);
    const delivered = new Promise((resolve) => probe.addEventListener('message', resolve, { once: true }));
    other.postMessage('activity');
    await delivered;
    vi.advanceTimersByTime(4000);
    expect(onLock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onLock).toHaveBeenCalledTimes(1);
    other.close();
    probe.close();
  });
});

describe('useLocked', () => {
  it('follows Is-Lockscreen, set here or in another tab', () => {
    const { result } = renderHook(() => useLocked());
    expect(result.current).toBe(false);
    act(() => setLocked(true));
    expect(result.current).toBe(true);
    expect(storage.get(STORAGE_KEYS.isLockscreen)).toBe(true);
    act(() => {
      storage.remove(STORAGE_KEYS.isLockscreen);
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toBe(false);
  });
});
