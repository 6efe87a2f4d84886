import { onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

/**
 * Closes what a helper opened when its caller is done with it: at the end of the test that
 * opened it, or, when opened in a hook, once the test file has run (`setup.ts`). Callers no
 * longer close it themselves; closing it early is still allowed, since each close runs once.
 */
const openInFile = new Set<() => Promise<void>>();

export function closeWhenDone(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => {
    openInFile.delete(once);
    closing ??= close();
    return closing;
  };
  if (getCurrentTest()) onTestFinished(once);
  else openInFile.add(once);
  return once;
}

/** Closes, newest first, everything a test file's hooks opened and did not close. */
export async function closeOpenedInFile(): Promise<void> {
  for (const close of [...openInFile].reverse()) await close();
}
