import { render, type RenderOptions } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { expect, vi } from 'vitest';

/**
 * jsdom gaps that antd trips over. The shared setup file may already cover some of them;
 * each shim only fills what is missing so the two never fight.
 */
export function installAntdShims(): void {
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

function WithApp({ children }: { children: ReactNode }) {
  return <App>{children}</App>;
}

/** Renders inside antd's <App>, as the console does, so `App.useApp()` toasts work. */
export function renderWithApp(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: WithApp, ...options });
}

/**
 * jsdom never ends CSS transitions, so a closed popup stays in the DOM in its leave state;
 * that state (or antd's hidden class) is what "closed" looks like here.
 */
export function expectClosing(popup: Element | null): void {
  expect(popup).not.toBeNull();
  expect(popup!.className).toMatch(/-leave\b|-hidden\b/);
}
