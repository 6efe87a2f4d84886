import { type DataAccess, formatMessage, MESSAGES } from '@gatehouse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, findDialog, PORTAL, renderScreen, type StubHandler, stubAppServer } from '@/test/support';
import { fetchDataAccesses } from './api/list-data-accesses';
import { CREATE_CODE, DataAccessPage, UPDATE_CODE } from './data-access-page';

const PATH = '/app-config/data-access';

const row = (n: number, extra: Partial<DataAccess> = {}): DataAccess => ({
  resourceId: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Orders ${n}`,
  id: `orders-${n}`,
  category: `cat-${n}`,
  applicationId: 'portal',
  objectId: null,
  setId: null,
  createdDate: PORTAL.createdDate,
  lastModifiedDate: PORTAL.createdDate,
  ...extra,
});

const ROWS = [row(1), row(2, { name: 'Invoices', id: 'inv', category: 'billing' }), row(3, { category: '' })];

/** A server for the screen: the application, its categories and one page of rows. */
function server(overrides?: StubHandler) {
  return stubAppServer((call) => {
    if (call.url === '/admin-service/data/access/categories') return { data: ['billing', 'cat-1'] };
    if (call.url === '/admin-service/data/accesses') return { data: { content: ROWS, totalElements: 3 } };
    if (call.method === 'POST' || call.method === 'PUT')
      return { data: { ...row(9), ...(call.body as object) } };
    return undefined;
  }, overrides);
}

const ALL_CODES = [CREATE_CODE, UPDATE_CODE];
let stub: ReturnType<typeof stubAppServer> | undefined;

afterEach(() => stub?.restore());

async function openRowAction(user: ReturnType<typeof userEvent.setup>, rowName: string, action: string) {
  const tableRow = screen.getByRole('row', { name: new RegExp(rowName) });
  await user.click(within(tableRow).getByRole('button', { name: /Action/ }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('data access api', () => {
  it('asks for the 0-based page, newest first, and adapts the envelope', async () => {
    stub = server();
    const result = await fetchDataAccesses({
      appId: 'portal',
      page: 3,
      size: 20,
      search: { keyword: 'ord', category: ['a', 'b'] },
    });
    expect(stub.calls[0]).toMatchObject({
      url: '/admin-service/data/accesses',
      params: {
        applicationId: 'portal',
        page: 2,
        size: 20,
        sort: 'createdDate,desc',
        keyword: 'ord',
        category: ['a', 'b'],
      },
    });
    expect(result).toEqual({ items: ROWS, total: 3 });
  });
});

describe('DataAccessPage', () => {
  it('shows the columns, the rows and -- for an empty category', async () => {
    stub = server();
    renderScreen(<DataAccessPage />, { url: `${PATH}?appId=portal`, path: PATH, codes: ALL_CODES });
    const table = await screen.findByRole('table');
    await within(table).findByText('Orders 1');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The rows' checkboxes first: the list exports the rows chosen.
    expect(headers).toEqual(['', 'Name', 'ID', 'Category', 'Action']);
    const third = screen.getByRole('row', { name: /Orders 3/ });
    expect(within(third).getByText('--')).toBeInTheDocument();
    expect(screen.getByTestId('current-application')).toHaveTextContent('Application: Portal (portal)');
  });

  it('shows "This item is required" under each empty field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<DataAccessPage />, { url: `${PATH}?appId=portal`, path: PATH, codes: ALL_CODES });
    await user.click(await screen.findByRole('button', { name: /New data access/ }));
    const dialog = await findDialog('New data access');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(formatMessage(MESSAGES.required))).toHaveLength(3),
    );
    expect(stub.writes()).toEqual([]);
  });

  it('creates with the application of the URL and toasts', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<DataAccessPage />, { url: `${PATH}?appId=portal`, path: PATH, codes: ALL_CODES });
    await user.click(await screen.findByRole('button', { name: /New data access/ }));
    const dialog = await findDialog('New data access');
    await user.type(within(dialog).getByLabelText('Name'), 'Reports');
    await user.type(within(dialog).getByLabelText('ID'), 'reports');
    await user.type(within(dialog).getByLabelText('Category'), 'bi{Enter}');
    await waitFor(() => expect(stub!.writes()).toHaveLength(1));
    expect(stub.writes()[0]).toMatchObject({
      method: 'POST',
      url: '/admin-service/data/access',
      body: { name: 'Reports', id: 'reports', category: 'bi', applicationId: 'portal' },
    });
    expect(await screen.findByText(formatMessage(MESSAGES.createdSuccessfully))).toBeInTheDocument();
  });

  it('offers no New data access and lists nothing when the URL names no application', async () => {
    // The create itself would be skipped silently (spec §5): see use-record-dialog.test.ts.
    stub = server();
    renderScreen(<DataAccessPage />, { url: PATH, path: PATH, codes: ALL_CODES });
    expect(await screen.findByText('Choose an application')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New data access/ })).not.toBeInTheDocument();
    expect(stub.calls.filter((c) => c.url.includes('/data/access'))).toEqual([]);
    expect(stub.writes()).toEqual([]);
    expect(screen.queryByText(formatMessage(MESSAGES.createdSuccessfully))).not.toBeInTheDocument();
  });

  it('shows a record read-only in DETAIL', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<DataAccessPage />, { url: `${PATH}?appId=portal`, path: PATH, codes: ALL_CODES });
    await screen.findByText('Invoices');
    await openRowAction(user, 'Invoices', 'Detail');
    const dialog = await findDialog('Data access detail');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Invoices');
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).getByLabelText('ID')).toBeDisabled();
    expect(within(dialog).getByLabelText('Category')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    expect(within(footer).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('saves an edit with the record key and shows a duplicate id on the field', async () => {
    const user = userEvent.setup({ delay: null });
    let conflict = true;
    stub = server((call) => {
      if (call.method !== 'PUT') return undefined;
      if (conflict) {
        conflict = false;
        return {
          status: 409,
          data: errorBody('CONFLICT', MESSAGES.duplicateId, { id: MESSAGES.duplicateId }),
        };
      }
      return { data: call.body };
    });
    renderScreen(<DataAccessPage />, { url: `${PATH}?appId=portal`, path: PATH, codes: ALL_CODES });
    await screen.findByText('Invoices');
    await openRowAction(user, 'Invoices', 'Edit');
    const dialog = await findDialog('Edit data access');
    const id = within(dialog).getByLabelText('ID');
    await user.clear(id);
    await user.type(id, 'orders-1{Enter}');
    expect(await within(dialog).findByText(formatMessage(MESSAGES.duplicateId))).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'inv-2{Enter}');
    await waitFor(() => expect(stub!.writes()).toHaveLength(2));
    expect(stub.writes()[1]).toMatchObject({
      method: 'PUT',
      body: {
        resourceId: ROWS[1]!.resourceId,
        applicationId: 'portal',
        name: 'Invoices',
        id: 'inv-2',
        category: 'billing',
      },
    });
    expect(await screen.findByText(formatMessage(MESSAGES.savedSuccessfully))).toBeInTheDocument();
  });

  it('filters the rows on the page as one types, without asking the server', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<DataAccessPage />, { url: `${PATH}?appId=portal`, path: PATH, codes: ALL_CODES });
    await screen.findByText('Invoices');
    const before = stub.calls.length;
    await user.type(screen.getByRole('searchbox', { name: 'Filter this page' }), 'BILL');
    expect(screen.getByText('Invoices')).toBeInTheDocument();
    expect(screen.queryByText('Orders 1')).not.toBeInTheDocument();
    expect(stub.calls.length).toBe(before);
  });

  it('disables New and Edit without the element codes', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<DataAccessPage />, { url: `${PATH}?appId=portal`, path: PATH, codes: [] });
    await screen.findByText('Invoices');
    expect(screen.getByRole('button', { name: /New data access/ })).toBeDisabled();
    const tableRow = screen.getByRole('row', { name: /Invoices/ });
    await user.click(within(tableRow).getByRole('button', { name: /Action/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toHaveAttribute('aria-disabled', 'true');
  });
});
