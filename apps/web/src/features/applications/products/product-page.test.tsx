import { CATALOG_MESSAGES, formatMessage, MESSAGES, type Product } from '@gatehouse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, findDialog, renderScreen, stubHttp } from '@/test/support';
import { PRODUCT_CODES, ProductPage } from './product-page';

const PATH = '/admin-setting/product';
const SHOP: Product = {
  productId: '6f1c7a52-58f4-4a0e-9d1c-0a3f1f7e2b11',
  name: 'Shop',
  code: 'shop',
  description: null,
  owner: 'Sales',
  status: 'ENABLED',
  applicationCount: 2,
  createdDate: '2026-01-02T03:04:05.000Z',
  lastModifiedDate: '2026-01-02T03:04:05.000Z',
};

let stub: ReturnType<typeof stubHttp> | undefined;
afterEach(() => stub?.restore());

function server() {
  return stubHttp((call) => {
    if (call.method === 'GET' && call.url === '/admin-service/v2/product')
      return { data: { content: [SHOP], totalElements: 1 } };
    if (call.method === 'PUT') {
      const body = call.body as Product;
      if (body.status === 'DISABLED')
        return {
          status: 409,
          data: errorBody('CONFLICT', CATALOG_MESSAGES.usedBy(2, 'application', ['crm', 'shop-web'])),
        };
      return { data: { ...SHOP, ...body } };
    }
    return undefined;
  });
}

describe('ProductPage', () => {
  it('edits the whole product, and shows the refusal to disable one that applications use', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<ProductPage />, { url: PATH, path: PATH, codes: Object.values(PRODUCT_CODES) });
    const row = await screen.findByRole('row', { name: /Shop/ });
    expect(within(row).getByRole('link', { name: 'Product detail: Shop' })).toHaveAttribute(
      'href',
      `/admin-setting/detail?productId=${SHOP.productId}`,
    );

    await user.click(within(row).getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await findDialog('Edit product');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Shop');
    await user.clear(within(dialog).getByLabelText('Owner'));
    await user.type(within(dialog).getByLabelText('Name'), ' online{Enter}');
    await waitFor(() => expect(stub!.writes()).toHaveLength(1));
    expect(stub.writes()[0]!.body).toEqual({
      productId: SHOP.productId,
      status: 'ENABLED',
      name: 'Shop online',
      code: 'shop',
      description: null,
      owner: null,
    });
    expect(await screen.findByText(formatMessage(MESSAGES.savedSuccessfully))).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable this product?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(stub!.writes()).toHaveLength(2));
    expect(stub.writes()[1]!.body).toMatchObject({
      productId: SHOP.productId,
      status: 'DISABLED',
      code: 'shop',
    });
    // The HTTP client shows the server's refusal as the toast (e2e/products.spec.ts); nothing claims success.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Disable' })).toBeInTheDocument());
    expect(screen.queryByText(formatMessage(MESSAGES.changedSuccessfully))).not.toBeInTheDocument();
  });
});
