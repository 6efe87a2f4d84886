import { formatMessage, MESSAGES, type Permission } from '@gatehouse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { findDialog, PORTAL, renderScreen, stubAppServer } from '@/test/support';
import { fetchPermissions } from './api/list-permissions';
import { CREATE_CODE, PermissionPage, UPDATE_CODE } from './permission-page';

const PATH = '/app-config/permission';
const ROWS: Permission[] = [
  {
    resourceId: '00000000-0000-4000-8000-000000000001',
    name: 'Read orders',
    id: 'orders.read',
    resourceType: 'API',
    applicationId: 'portal',
    createdDate: PORTAL.createdDate,
    lastModifiedDate: PORTAL.createdDate,
  },
];

let stub: ReturnType<typeof stubAppServer> | undefined;
afterEach(() => stub?.restore());

function server() {
  return stubAppServer((call) => {
    if (call.url === '/admin-service/permission/getPermissionList')
      return { data: { content: ROWS, totalElements: 41 } };
    if (call.method !== 'GET') return { data: { ...ROWS[0], ...(call.body as object) } };
    return undefined;
  });
}

describe('permission api', () => {
  it('asks for the 0-based page, newest first, and adapts the envelope', async () => {
    stub = server();
    const result = await fetchPermissions({
      appId: 'portal',
      page: 1,
      size: 10,
      search: { resourceType: ['API'] },
    });
    expect(stub.calls[0]).toMatchObject({
      url: '/admin-service/permission/getPermissionList',
      params: { applicationId: 'portal', page: 0, size: 10, sort: 'createdDate,desc', resourceType: ['API'] },
    });
    expect(result).toEqual({ items: ROWS, total: 41 });
  });
});

describe('PermissionPage', () => {
  it('lists Name, ID and Type and creates with the only type, API', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<PermissionPage />, {
      url: `${PATH}?appId=portal`,
      path: PATH,
      codes: [CREATE_CODE, UPDATE_CODE],
    });
    const table = await screen.findByRole('table');
    await within(table).findByText('Read orders');
    // The rows' checkboxes first: the list exports the rows chosen.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Name', 'ID', 'Type', 'Action']);
    expect(screen.getByText('Total 41')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /New permission/ }));
    const dialog = await findDialog('New permission');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(formatMessage(MESSAGES.required))).toHaveLength(3),
    );

    await user.type(within(dialog).getByLabelText('Name'), 'Write orders');
    await user.type(within(dialog).getByLabelText('ID'), 'orders.write');
    await user.click(within(dialog).getByLabelText('Type'));
    await user.click(await screen.findByTitle('API'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(stub!.writes()).toHaveLength(1));
    expect(stub.writes()[0]).toMatchObject({
      method: 'POST',
      url: '/admin-service/permission/createPermission',
      body: { name: 'Write orders', id: 'orders.write', resourceType: 'API', applicationId: 'portal' },
    });
    expect(await screen.findByText(formatMessage(MESSAGES.createdSuccessfully))).toBeInTheDocument();
  });
});
