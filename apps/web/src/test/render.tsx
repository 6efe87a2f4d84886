import { configure, type RenderOptions, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { ToastHolder } from '@/components/use-toast';

/**
 * jsdom gaps that antd trips over, beyond the matchMedia that the shared setup file fills in
 * for every test; each shim only fills what is missing.
 */
export function installAntdShims(): void {
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
  // jsdom throws "Not implemented" for pseudo-element styles, which antd asks for when it
  // measures the scrollbar; the element's own style is a fine answer for tests.
  const original = window.getComputedStyle;
  if (!(original as { patched?: boolean }).patched) {
    const patched = Object.assign((elt: Element) => original.call(window, elt), { patched: true });
    window.getComputedStyle = patched as typeof window.getComputedStyle;
  }
}

installAntdShims();

// antd renders slowly in jsdom, and more so when several test runs share the machine; the
// default one second for findBy/waitFor and five for a test turn that into flaky failures.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * Without antd's runtime CSS: jsdom would otherwise parse some 350 kB of generated styles
 * on every `getByRole` and every user-event pointer check, which makes a test take seconds.
 * What these tests check (roles, names, values, classes) does not depend on those styles.
 */
function WithoutRuntimeCss({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ zeroRuntime: true }}>{children}</ConfigProvider>;
}

function WithToasts({ children }: { children: ReactNode }) {
  return (
    <WithoutRuntimeCss>
      <ToastHolder>{children}</ToastHolder>
    </WithoutRuntimeCss>
  );
}

/** Renders an antd component for a test; see WithoutRuntimeCss. */
export function renderAntd(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: WithoutRuntimeCss, ...options });
}

/** Renders inside the console's ToastHolder, as the console does, so its toasts show. */
export function renderWithToasts(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: WithToasts, ...options });
}

/**
 * jsdom never ends CSS transitions, so a closed popup stays in the DOM in its leave state;
 * that state (or antd's hidden class) is what "closed" looks like here.
 */
export function expectClosing(popup: Element | null): void {
  expect(popup).not.toBeNull();
  expect(popup!.className).toMatch(/-leave\b|-hidden\b/);
}
