import '@testing-library/jest-dom/vitest';
import { addCatalogue } from '@gatehouse/contract/i18n';
import { EN } from '@gatehouse/contract/i18n/en-all';
import { ZH } from '@gatehouse/contract/i18n/zh';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// The console adds its English messages with its layout and an area's with its screens, and
// loads the Chinese ones when it switches to Chinese (lib/i18n.ts, loadCatalogue); the tests
// have them all from the start, so a component shows its messages and a switch takes effect at once.
addCatalogue('en', EN);
addCatalogue('zh', ZH);

// findBy and waitFor give up after 1 s by default, which an antd render can take on a
// loaded CI machine while the other suites run; a real wait for an answer stays well below.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// antd's static toasts (an HTTP error raised outside the console layout) live in a React root
// of their own, which cleanup does not unmount; a toast closing after the file's last test
// would commit once jsdom is gone ("window is not defined"). Where one was shown, they are
// closed, and what that renders is flushed, while the window is still there.
afterAll(async () => {
  if (!document.querySelector('.ant-message')) return;
  const { default: message } = await import('antd/es/message');
  await act(async () => {
    message.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});

// antd's responsive helpers read matchMedia, which jsdom does not implement. The tests run
// as on a system that asks for reduced motion: antd then opens and closes without animating,
// so nothing is left to finish on a timer when a test (or its file) ends.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
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
