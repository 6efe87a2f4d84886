import { STORAGE_KEYS } from '@gatehouse/contract';
import { useEffect, useRef } from 'react';
import { storageKey } from '@/lib/storage';

/**
 * Calls `onSignedOut` when another browser tab of the console ends the session (sign-out or
 * a lost session clears `Access-Token`), so this tab does not carry on with a dead session.
 */
export function useSignedOutElsewhere(onSignedOut: () => void): void {
  const callback = useRef(onSignedOut);
  useEffect(() => {
    callback.current = onSignedOut;
  }, [onSignedOut]);
  useEffect(() => {
    const key = storageKey(STORAGE_KEYS.accessToken);
    const onStorage = (event: StorageEvent) => {
      if ((event.key === key || event.key === null) && event.newValue === null) callback.current();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
