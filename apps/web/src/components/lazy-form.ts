import { type ComponentType, lazy } from 'react';

/**
 * A screen's record form, loaded when it first opens: ListScreen draws the form only then, so
 * its code, the kit's dialog and antd's Modal and Form (some 12 KiB gzipped) are not on the way
 * to the list. `load` imports the form's module and picks the component from it.
 */
export function lazyForm<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}
