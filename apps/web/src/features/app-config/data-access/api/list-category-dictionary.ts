import { DATA_ACCESS_CATEGORY_DICTIONARY, type LegacyDictionary } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';

/** The platform application, whose dictionaries hold the console's own value lists. */
const PLATFORM = 'platform';

/**
 * GET /admin-service/dictionary/list?applicationId[0]=platform: the enabled
 * `data-access-category` dictionary with its enabled items, or null when there is none.
 */
export async function fetchCategoryDictionary(signal?: AbortSignal): Promise<LegacyDictionary | null> {
  const dictionaries = await api.get<LegacyDictionary[]>('/admin-service/dictionary/list', {
    params: { applicationId: [PLATFORM] },
    signal,
    // Without the dictionary the form still takes any category; that is no failure to toast.
    silent: true,
  });
  return dictionaries.find((d) => d.code === DATA_ACCESS_CATEGORY_DICTIONARY) ?? null;
}

export const categoryDictionaryQueryOptions = () =>
  queryOptions({
    queryKey: ['dictionaries', 'legacy', PLATFORM, DATA_ACCESS_CATEGORY_DICTIONARY],
    queryFn: ({ signal }) => fetchCategoryDictionary(signal),
  });

/** The category dictionary the data access form offers; asked for once the form opens. */
export function useCategoryDictionary(enabled: boolean) {
  return useQuery({ ...categoryDictionaryQueryOptions(), enabled });
}
