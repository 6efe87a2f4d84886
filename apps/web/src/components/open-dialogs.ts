/**
 * Dialogs drawn outside the console's tree (antd's static confirm), which would otherwise stay
 * over the login page after a sign-out or a lost session, their OK still able to act. The
 * console layout closes them as it unmounts, however the session ended. Apart from confirm-dialog.ts,
 * so the shell does not load antd's Modal to close what it never opened.
 */
const open = new Set<() => void>();

/** Registers a dialog's destroy; the returned function forgets it once it has closed. */
export function whileOpen(destroy: () => void): () => void {
  open.add(destroy);
  return () => open.delete(destroy);
}

export function closeOpenDialogs(): void {
  for (const destroy of [...open]) destroy();
  open.clear();
}
