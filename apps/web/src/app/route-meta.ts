import { useMatches } from 'react-router';
import type { RouteMeta } from '@/lib/route-module';

export type { RouteMeta };

function hasTitle(value: unknown): value is { title: string } {
  return typeof value === 'object' && value !== null && typeof (value as RouteMeta).title === 'string';
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return hasTitle(handle) && typeof (handle as RouteMeta).keepAlive === 'boolean';
}

/**
 * The meta of the deepest matched route that has one. A gated route's loader can name the
 * title itself: "403" in place of a screen the user may not see, or the name of a menu an
 * administrator added.
 */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const own = hasTitle(match?.data) ? match.data.title : undefined;
    if (isRouteMeta(match?.handle)) return own ? { ...match.handle, title: own } : match.handle;
    if (own) return { title: own, keepAlive: false };
  }
  return undefined;
}
