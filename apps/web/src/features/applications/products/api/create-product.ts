import type { CreateProduct, Product } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { productsKey } from './list-products';

/** POST /admin-service/v2/product. */
export function createProduct(body: CreateProduct): Promise<Product> {
  return api.post<Product>('/admin-service/v2/product', body);
}

export const useCreateProduct = () => useRefreshingMutation(createProduct, productsKey);
