import type { Product, UpdateProduct } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { productsKey } from './list-products';

/**
 * PUT /admin-service/v2/product: the whole product, by `productId`. It is also the status
 * change; disabling a product that applications name is refused (409 "Used by 2 applications: …").
 */
export function updateProduct(body: UpdateProduct): Promise<Product> {
  return api.put<Product>('/admin-service/v2/product', body);
}

export const useUpdateProduct = () => useRefreshingMutation(updateProduct, productsKey);
