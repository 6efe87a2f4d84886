import type { Product } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { productsKey } from './list-products';

/** GET /admin-service/v2/product/{id}. */
export function fetchProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/admin-service/v2/product/${encodeURIComponent(productId)}`, { signal });
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...productsKey, 'one', productId],
    queryFn: ({ signal }) => fetchProduct(productId, signal),
  });
