import type { Profile, UpdateProfile } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';

const KEY = ['own-profile'] as const;

/** GET /admin-service/user/profile: the signed-in user's name, email and avatar. */
export async function fetchProfile(): Promise<Profile> {
  return api.get<Profile>('/admin-service/user/profile');
}

export const profileQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: fetchProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** PUT /admin-service/user/profile; the header's name and avatar follow (current-user). */
export async function updateProfile(body: UpdateProfile): Promise<Profile> {
  return api.put<Profile>('/admin-service/user/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(KEY, profile);
      void queryClient.invalidateQueries({ queryKey: ['current-user'] });
    },
  });
}
