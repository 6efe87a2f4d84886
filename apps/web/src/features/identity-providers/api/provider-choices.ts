import { type IdentityProvider, MAX_PAGE_SIZE, type Page } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { PROVIDERS_URL, providersKey } from './list-providers';

/** The first MAX_PAGE_SIZE providers, by name: the choices of an application's limit. */
export const providerChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...providersKey, 'choices'],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<IdentityProvider>>(PROVIDERS_URL, {
          params: { page: 0, size: MAX_PAGE_SIZE, sort: 'name,asc' },
          signal,
        })
      ).content,
  });
