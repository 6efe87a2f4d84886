import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { type AccessNeed, allows } from './access.ts';
import { useAuth } from './provider.tsx';

/**
 * Whether the signed-in user holds what `need` names: an element code (a bare string, as the
 * console's `useAccess(code)`), an action on a permission, or both. False when signed out.
 */
export function useAccess(need: AccessNeed | string): boolean {
  return allows(useAuth().access, need);
}

/** Renders its children only for a user who holds what it names; else `fallback` (nothing). */
export function Access({
  children,
  fallback = null,
  ...need
}: AccessNeed & { children: ReactNode; fallback?: ReactNode }) {
  return <>{useAccess(need as AccessNeed) ? children : fallback}</>;
}

type DisableableProps = { disabled?: boolean; title?: string };

/**
 * Shows its child disabled and titled "No permission" (the provider's `noPermissionTitle`)
 * when the user lacks what it names: the control stays where the user expects it and says why
 * it is off, as the console's own `AccessDisable` does.
 */
export function AccessDisable({
  children,
  title,
  ...need
}: AccessNeed & { children: ReactElement<DisableableProps>; title?: string }) {
  const { noPermissionTitle } = useAuth();
  const allowed = useAccess(need as AccessNeed);
  if (allowed || !isValidElement(children)) return children;
  const shown = title ?? noPermissionTitle;
  // A disabled control receives no pointer events, so the tooltip sits on a wrapper.
  return (
    <span title={shown} style={{ display: 'inline-block', cursor: 'not-allowed' }}>
      {cloneElement(children, { disabled: true, title: shown })}
    </span>
  );
}
