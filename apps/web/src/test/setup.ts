import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import message from 'antd/es/message';
import { afterAll, afterEach, vi } from 'vitest';

// findBy and waitFor give up after 1 s by default, which an antd render can take on a
// loaded CI machine while the other suites run; a real wait for an answer stays well below.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// antd's static toasts (an HTTP error raised outside the console layout) live in a React root
// of their own, which cleanup does not unmount; a toast closing after the file's last test
// would commit once jsdom is gone ("window is not defined"). They are closed, and what that
// renders is flushed, while the window is still there.
afterAll(async () => {
  await act(async () => {
    message.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});

// antd's responsive helpers read matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

// antd's tab bar measures itself with ResizeObserver, which jsdom does not implement.
if (!('ResizeObserver' in window)) {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoResizeObserver });
}
