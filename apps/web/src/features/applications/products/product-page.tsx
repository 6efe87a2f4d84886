import { ProfileOutlined } from '@ant-design/icons';
import { elementCodes, type Product } from '@gatehouse/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { dateTimeColumn, statusColumn } from '@/components/list-screen/columns';
import { ListScreen, UNSCOPED, type Unscoped } from '@/components/list-screen/list-screen';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { useCatalogT } from '../catalog-messages';
import { APPLICATIONS_PATHS, toProductDetail } from '../paths';
import { productsBulk } from './api/bulk-products';
import { useCreateProduct } from './api/create-product';
import { productsQueryOptions } from './api/list-products';
import { useUpdateProduct } from './api/update-product';
import { type ProductFormValues, productBody } from './components/product-values';

const ProductForm = lazyForm(() => import('./components/product-form').then((m) => m.ProductForm));

/** The product menu's button elements (spec §6). */
export const PRODUCT_CODES = elementCodes(APPLICATIONS_PATHS.product);

/**
 * Product (spec §2, /admin-setting/product): the named groups of applications. Disabling one
 * that applications still name is refused by the server, whose message is the toast.
 */
export function ProductPage() {
  const t = useCatalogT();
  const create = useCreateProduct();
  const update = useUpdateProduct();

  const fields = useMemo<SearchField[]>(
    () => [
      { name: 'name', label: t('name'), type: 'text' },
      { name: 'code', label: t('code'), type: 'text' },
      { name: 'owner', label: t('owner'), type: 'text' },
      STATUS_FIELD,
      CREATED_DATE_FIELD,
    ],
    [t],
  );
  const columns = useMemo<Column<Product>[]>(
    () => [
      { title: t('name'), dataIndex: 'name', ellipsis: true },
      { title: t('code'), dataIndex: 'code', ellipsis: true },
      { title: t('owner'), dataIndex: 'owner', ellipsis: true },
      { title: t('description'), dataIndex: 'description', ellipsis: true },
      { title: t('applications'), dataIndex: 'applicationCount', width: 120 },
      statusColumn<Product>(),
      dateTimeColumn<Product>(t('created'), 'createdDate'),
    ],
    [t],
  );

  return (
    <ListScreen<Product, ProductFormValues, Unscoped>
      title="Product"
      names={{ one: t('productOne'), many: t('productMany') }}
      scope={UNSCOPED}
      fields={fields}
      list="products"
      audit={{ entity: 'product' }}
      bulk={productsBulk}
      nameOf={(product) => product.name}
      rows={productsQueryOptions}
      rowKey="productId"
      columns={columns}
      create={{ code: PRODUCT_CODES.create, save: (values) => create.mutateAsync(productBody(values)) }}
      update={{
        code: PRODUCT_CODES.update,
        save: (values, { productId, status }) =>
          update.mutateAsync({ productId, status, ...productBody(values) }),
      }}
      toggle={{
        code: PRODUCT_CODES.status,
        subject: () => 'product',
        onToggle: ({ productId, name, code, description, owner }, status) =>
          update.mutateAsync({ productId, name, code, description, owner, status }),
      }}
      rowExtra={(product) => (
        <Link
          to={toProductDetail({ productId: product.productId })}
          aria-label={`${t('productDetail')}: ${product.name}`}
        >
          <ProfileOutlined /> {t('detail')}
        </Link>
      )}
      form={(props) => <ProductForm {...props} />}
    />
  );
}
