import { STORAGE_KEYS } from '@gatehouse/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { stubHttp } from '@/test/support';
import { useCurrentUser } from './current-user';

const USER = {
  name: 'Ada',
  mustChangePassword: false,
  role: { permissions: [{ permissionId: 'app-config.client', actionEntitySet: ['retrieve'] }] },
};

function renderCurrentUser(answer: object) {
  storage.set(STORAGE_KEYS.accessToken, 'token');
  storage.set(STORAGE_KEYS.currentUser, USER);
  const http = stubHttp((call) =>
    call.url === '/admin-service/user/current' ? { data: answer } : undefined,
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useCurrentUser(), { wrapper });
  return { ...hook, http, client };
}

let restore = () => {};
afterEach(() => {
  restore();
  clearSession();
});

describe('useCurrentUser', () => {
  it('starts from the user kept at sign-in, asks at once, and keeps it when the answer says the same', async () => {
    const { result, http } = renderCurrentUser(structuredClone(USER));
    restore = http.restore;
    const kept = result.current.data;
    expect(kept).toEqual(USER);
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(http.calls.map((c) => c.url)).toEqual(['/admin-service/user/current']);
    // The same object, so nothing that reads it draws again.
    expect(result.current.data).toBe(kept);
  });

  it('takes an answer that differs', async () => {
    const changed = { ...USER, role: { permissions: [] } };
    const { result, http } = renderCurrentUser(changed);
    restore = http.restore;
    await waitFor(() => expect(result.current.data).toEqual(changed));
  });
});
