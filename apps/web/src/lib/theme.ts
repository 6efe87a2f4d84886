import { THEMES, type Theme } from '@gatehouse/contract';
import { useSyncExternalStore } from 'react';
import { storage } from './storage';

export { THEMES, type Theme };

const THEME_KEY = 'Theme';

function storedTheme(): Theme {
  return storage.get<string>(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

let current: Theme = storedTheme();
const listeners = new Set<() => void>();

/** The page itself follows the theme (scroll bars, form controls, the boot screen). */
function applyToDocument(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}
applyToDocument(current);

export function getTheme(): Theme {
  return current;
}

/** Chooses the theme in this browser; it lasts until changed, signed in or not. */
export function setTheme(theme: Theme): void {
  storage.set(THEME_KEY, theme, null);
  if (theme === current) return;
  current = theme;
  applyToDocument(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | undefined {
  return typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia(REDUCED_MOTION);
}

function subscribeToMotion(listener: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

const prefersReducedMotion = () => reducedMotionQuery()?.matches ?? false;

/** Whether the system asks for less motion; the console then opens and closes without animating. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToMotion, prefersReducedMotion, () => false);
}
