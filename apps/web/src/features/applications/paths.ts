import type { NavPath } from '@gatehouse/contract';
import { withQuery } from '@/lib/paths';

export const APPLICATIONS_PATHS = {
  product: '/admin-setting/product',
  productDetail: '/admin-setting/detail',
  application: '/admin-setting/application',
  applicationDetail: '/admin-setting/application-detail',
} as const satisfies Record<string, NavPath>;

/** The query parameter that names the product Product Detail shows. */
export const PRODUCT_ID_PARAM = 'productId';

/** Product Detail: the product travels as `productId` in the query. */
export function toProductDetail(params: { productId: string }): string {
  return withQuery(APPLICATIONS_PATHS.productDetail, { [PRODUCT_ID_PARAM]: params.productId });
}

/** Application Detail: the application travels as `appId` in the query, like the app-config screens'. */
export function toApplicationDetail(params: { appId: string }): string {
  return withQuery(APPLICATIONS_PATHS.applicationDetail, { appId: params.appId });
}
