import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './theme';

/** A matchMedia whose reduced-motion answer the test changes, telling the listeners. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const spy = vi.spyOn(window, 'matchMedia').mockImplementation((media) => {
    expect(media).toBe('(prefers-reduced-motion: reduce)');
    return query as unknown as MediaQueryList;
  });
  return {
    spy,
    set(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useReducedMotion', () => {
  it('follows the system setting as it changes, and stops listening when unmounted', () => {
    const system = systemMotion(true);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    act(() => system.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(system.listeners.size).toBe(0);
  });
});
