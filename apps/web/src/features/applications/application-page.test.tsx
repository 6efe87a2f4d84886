import {
  APP_CONFIG_MESSAGES,
  type Application,
  formatMessage,
  MESSAGES,
  type Product,
} from '@gatehouse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchApplications } from '@/api/applications';
import { errorBody, findDialog, PORTAL, renderScreen, stubHttp } from '@/test/support';
import { APPLICATION_CODES, ApplicationPage, CREATE_CODE } from './application-page';

const PATH = '/admin-setting/application';
const product = (productId: string, name: string, code: string): Product => ({
  productId,
  name,
  code,
  description: null,
  owner: null,
  status: 'ENABLED',
  applicationCount: 1,
  createdDate: PORTAL.createdDate,
  lastModifiedDate: PORTAL.createdDate,
});
const SHOP = product('1b7d4a34-3c55-4f0c-8a43-5d1f2f6c9e01', 'Shop', 'shop');
const BOOKS = product('2c8e5b45-4d66-4a1d-9b54-6e2a3a7dae12', 'Books', 'books');
const APPS: Application[] = [{ ...PORTAL, productId: SHOP.productId }];

let stub: ReturnType<typeof stubHttp> | undefined;
afterEach(() => stub?.restore());

function server() {
  return stubHttp((call) => {
    if (call.method === 'GET' && call.url === '/admin-service/v2/application')
      return { data: { content: APPS, totalElements: 1 } };
    if (call.method === 'GET' && call.url === `/admin-service/v2/product/${SHOP.productId}`)
      return { data: SHOP };
    if (call.method === 'GET' && call.url === '/admin-service/v2/product')
      return { data: { content: [SHOP, BOOKS], totalElements: 2 } };
    if (call.method === 'PUT') return { data: { ...APPS[0], ...(call.body as object) } };
    if (call.method === 'POST') {
      const body = call.body as { applicationId: string };
      if (body.applicationId === 'portal')
        return {
          status: 409,
          data: errorBody('CONFLICT', APP_CONFIG_MESSAGES.duplicateApplicationId, {
            applicationId: APP_CONFIG_MESSAGES.duplicateApplicationId,
          }),
        };
      return { status: 201, data: { ...APPS[0], ...body } };
    }
    return undefined;
  });
}

describe('application api', () => {
  it('asks for the 0-based page, newest first, and adapts the envelope', async () => {
    stub = server();
    const result = await fetchApplications({ page: 2, size: 50, search: { status: ['ENABLED'] } });
    expect(stub.calls[0]).toMatchObject({
      params: { page: 1, size: 50, sort: 'createdDate,desc', status: ['ENABLED'] },
    });
    expect(result).toEqual({ items: APPS, total: 1 });
  });
});

describe('ApplicationPage', () => {
  it('links each application to its configuration and creates new ones', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<ApplicationPage />, { url: PATH, path: PATH, codes: [CREATE_CODE] });
    const link = await screen.findByRole('link', { name: 'Configure Portal' });
    expect(link).toHaveAttribute('href', '/app-config/client?appId=portal');
    expect(screen.getByRole('row', { name: /Portal/ })).toHaveTextContent('--');

    await user.click(screen.getByRole('button', { name: /New application/ }));
    const dialog = await findDialog('New application');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(formatMessage(MESSAGES.required))).toHaveLength(2),
    );

    await user.type(within(dialog).getByLabelText('Application ID'), 'portal');
    await user.type(within(dialog).getByLabelText('Name'), 'Again{Enter}');
    expect(await within(dialog).findByText('This application ID is already used.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Application ID'));
    await user.type(within(dialog).getByLabelText('Application ID'), 'crm{Enter}');
    await waitFor(() => expect(stub!.writes()).toHaveLength(2));
    expect(stub.writes()[1]!.body).toEqual({
      applicationId: 'crm',
      name: 'Again',
      description: null,
      productId: null,
      openToAllUsers: false,
    });
    expect(await screen.findByText(formatMessage(MESSAGES.createdSuccessfully))).toBeInTheDocument();
  });
});

describe('ApplicationPage, editing', () => {
  it('names the product, moves the application to another one, and disables it', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<ApplicationPage />, { url: PATH, path: PATH, codes: Object.values(APPLICATION_CODES) });
    const row = await screen.findByRole('row', { name: /Portal/ });
    expect(await within(row).findByRole('link', { name: 'Shop' })).toHaveAttribute(
      'href',
      `/admin-setting/detail?productId=${SHOP.productId}`,
    );

    await user.click(within(row).getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await findDialog('Edit application');
    expect(within(dialog).getByLabelText('Application ID')).toBeDisabled();
    expect(await within(dialog).findByText('Shop (shop)')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Product'));
    await user.click(await screen.findByText('Books (books)'));
    await user.click(within(dialog).getByLabelText('Open to all users'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(stub!.writes()).toHaveLength(1));
    expect(stub.writes()[0]!.body).toEqual({
      applicationId: 'portal',
      name: 'Portal',
      description: null,
      productId: BOOKS.productId,
      openToAllUsers: true,
    });
    expect(await screen.findByText(formatMessage(MESSAGES.savedSuccessfully))).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable this application?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(stub!.writes()).toHaveLength(2));
    expect(stub.writes()[1]!.body).toEqual({ applicationId: 'portal', status: 'DISABLED' });
  });
});
