import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';
import { productsKey } from './list-products';

/** POST /admin-service/v2/product/bulk and GET …/export: the products selected, or all matching the search. */
export const productsBulk = listBulk<ListQuery>({
  list: 'products',
  path: '/admin-service/v2/product',
  key: productsKey,
  query: ({ search }) => search,
});
