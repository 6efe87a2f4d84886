import { DEFAULT_SORT, type Page, type Product } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';

/** Every product query starts with this key: the list, the detail and the application form's picker. */
export const productsKey = ['products'] as const;

const PRODUCTS = '/admin-service/v2/product';

/** GET /admin-service/v2/product: 0-based page, newest first; the envelope stays here. */
export async function fetchProducts(
  { page, size, search, sort }: ListQuery,
  signal?: AbortSignal,
): Promise<RowsPage<Product>> {
  const body = await api.get<Page<Product>>(PRODUCTS, {
    params: { ...search, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const productsQueryOptions = (params: ListQuery) =>
  queryOptions({
    queryKey: [...productsKey, 'list', params],
    queryFn: ({ signal }) => fetchProducts(params, signal),
    placeholderData: keepPreviousData,
  });

/** The first products whose name, code or owner matches `keyword`: the application form's picker. */
export const productChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...productsKey, 'choices', keyword],
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const body = await api.get<Page<Product>>(PRODUCTS, {
        params: { keyword: keyword || undefined, sort: DEFAULT_SORT, page: 0, size: 20 },
        signal,
      });
      return body.content.map((p) => ({ value: p.productId, label: `${p.name} (${p.code})` }));
    },
  });
