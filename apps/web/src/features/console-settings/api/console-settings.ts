import type { ConsoleSettings, UpdateConsoleSettings } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passwordPolicyQuery } from '@/api/password-policy';
import { api } from '@/lib/http';

const SETTINGS_URL = '/admin-service/settings';

export async function fetchConsoleSettings(): Promise<ConsoleSettings> {
  return api.get<ConsoleSettings>(SETTINGS_URL);
}

/** Every signed-in console reads them (the lock timeout); a change shows on the next read. */
export const consoleSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['console-settings'], queryFn: fetchConsoleSettings, staleTime: 60_000 });

export function useConsoleSettings() {
  return useQuery(consoleSettingsQueryOptions());
}

export async function updateConsoleSettings(body: UpdateConsoleSettings): Promise<ConsoleSettings> {
  return api.put<ConsoleSettings>(SETTINGS_URL, body);
}

export function useUpdateConsoleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsoleSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(consoleSettingsQueryOptions().queryKey, saved);
      // The password forms show the policy's rules: they read the new ones.
      await queryClient.invalidateQueries({ queryKey: passwordPolicyQuery.queryKey });
    },
  });
}
