import {
  DEFAULT_SORT,
  IDENTITY_PROVIDER_API,
  IDENTITY_PROVIDER_TYPES,
  type IdentityProvider,
  type IdentityProviderType,
  type Page,
} from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import type { SearchValues } from '@/components/search-bar';
import { api } from '@/lib/http';

/** Every provider query (an application's limits included) starts with this key. */
export const providersKey = ['identity-providers'] as const;

/** The contract's paths start at the origin; the HTTP client's below /api. */
export const belowApi = (path: string) => path.replace(/^\/api(?=\/)/, '');

/** The base of the provider calls. */
export const PROVIDERS_URL = belowApi(IDENTITY_PROVIDER_API);

/** The URL of one provider, or of what is under it (`/status`, `/test`). */
export const providerUrl = (providerId: string, ...rest: string[]) =>
  [PROVIDERS_URL, providerId, ...rest]
    .map((part, i) => (i === 0 ? part : encodeURIComponent(part)))
    .join('/');

/**
 * The search as the server takes it: the keyword, and the type when one is chosen. The list
 * filters by one type (`identityProviderListQuerySchema`); two or more chosen are not narrowed,
 * since every type but one chosen is still most of the list.
 */
export function providerSearch(search: SearchValues): Record<string, string> {
  const out: Record<string, string> = {};
  const keyword = Array.isArray(search.keyword) ? search.keyword[0] : search.keyword;
  if (keyword) out.keyword = keyword;
  const types = (Array.isArray(search.type) ? search.type : search.type ? [search.type] : []).filter(
    (type): type is IdentityProviderType => (IDENTITY_PROVIDER_TYPES as readonly string[]).includes(type),
  );
  if (types.length === 1 && types[0]) out.type = types[0];
  return out;
}

/** GET /admin-service/v2/identity-providers: a page of providers, 0-based. */
export async function fetchProviders(
  { page, size, search, sort }: ListQuery,
  signal?: AbortSignal,
): Promise<RowsPage<IdentityProvider>> {
  const body = await api.get<Page<IdentityProvider>>(PROVIDERS_URL, {
    params: { ...providerSearch(search), sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const providersQueryOptions = (params: ListQuery) =>
  queryOptions({
    queryKey: [...providersKey, 'list', params],
    queryFn: ({ signal }) => fetchProviders(params, signal),
    placeholderData: keepPreviousData,
  });
