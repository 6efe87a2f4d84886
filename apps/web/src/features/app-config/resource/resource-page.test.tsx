import { formatMessage, MESSAGES, type Resource } from '@gatehouse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTree } from '@/components/list-screen/lazy-tree';
import { findDialog, renderScreen, type StubHandler, stubAppServer } from '@/test/support';
import { fetchResourceList } from './api/resource-list';
import { RESOURCE_TREE, ResourcePage, resourceToggleText } from './resource-page';

const PATH = '/app-config/resource';
const DATE = '2024-01-01T00:00:00.000Z';

const node = (n: number, extra: Partial<Resource>): Resource => ({
  resourceId: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Node ${n}`,
  id: `node-${n}`,
  type: 'CATEGORY',
  url: null,
  order: n,
  status: 'ENABLED',
  applicationId: 'portal',
  parentId: null,
  childCount: 0,
  createdDate: DATE,
  lastModifiedDate: DATE,
  ...extra,
});

const CATEGORY = node(1, { name: 'Settings', childCount: 1 });
const MENU = node(2, { name: 'Users', type: 'MENU', url: '/users', parentId: CATEGORY.resourceId });
const LEAF_CATEGORY = node(3, { name: 'Empty' });

function server(overrides?: StubHandler) {
  return stubAppServer((call) => {
    if (call.url === '/admin-service/resources') {
      return { data: { content: [CATEGORY, LEAF_CATEGORY], totalElements: 2 } };
    }
    if (call.url === `/admin-service/resources/${CATEGORY.resourceId}`) return { data: [MENU] };
    return undefined;
  }, overrides);
}

let stub: ReturnType<typeof stubAppServer> | undefined;
afterEach(() => stub?.restore());

const renderPage = () =>
  renderScreen(<ResourcePage />, {
    url: `${PATH}?appId=portal`,
    path: PATH,
    codes: ['resource:create', 'resource:update', 'resource:status'],
  });

describe('resource api and tree', () => {
  it('asks for the 0-based page and adapts content/totalElements', async () => {
    stub = server();
    const result = await fetchResourceList({
      appId: 'portal',
      page: 2,
      size: 10,
      search: { type: ['MENU'] },
    });
    expect(stub.calls[0]?.params).toMatchObject({
      applicationId: 'portal',
      page: 1,
      size: 10,
      type: ['MENU'],
    });
    expect(result).toEqual({ items: [CATEGORY, LEAF_CATEGORY], total: 2 });
  });

  it('gives an expander (a children list) only to nodes with children', () => {
    const build = (roots: Resource[], loaded: Map<string, Resource[]>, nested: boolean) =>
      buildTree(roots, { tree: RESOURCE_TREE, keyOf: (r) => r.resourceId, loaded, nested });
    const tree = build([CATEGORY, LEAF_CATEGORY], new Map(), true);
    expect(tree[0]?.children).toEqual([]);
    expect(tree[1]?.children).toBeUndefined();
    const loaded = build([CATEGORY], new Map([[CATEGORY.resourceId, [MENU]]]), true);
    expect(loaded[0]?.children?.[0]).toMatchObject({ name: 'Users', parentType: 'CATEGORY' });
    // A search result is a flat list.
    expect(build([CATEGORY], new Map(), false)[0]?.children).toBeUndefined();
  });

  it('words the toggle prompt by type', () => {
    expect(formatMessage(resourceToggleText({ type: 'CATEGORY', status: 'ENABLED' }))).toBe(
      'Disable this category ?',
    );
    expect(formatMessage(resourceToggleText({ type: 'MENU', status: 'ENABLED' }))).toBe(
      'Disable this menu ?',
    );
    expect(formatMessage(resourceToggleText({ type: 'ELEMENT', status: 'DISABLED' }))).toBe(
      'Enable this element ?',
    );
  });
});

describe('resource screen', () => {
  it('shows - for an empty URL, loads children on expansion, and toggles a menu with the full resource', async () => {
    const user = userEvent.setup();
    stub = server((call) => (call.method === 'PUT' ? { data: { ...MENU, status: 'DISABLED' } } : undefined));
    renderPage();
    const categoryRow = await screen.findByRole('row', { name: /Settings/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    // The rows' checkboxes first: the nodes take bulk actions.
    expect(headers).toEqual(['', 'Action', 'Status', 'Name', 'ID', 'Type', 'URL', 'Index']);
    expect(within(categoryRow).getByText('-')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Empty/ })).queryByRole('button', { name: /Expand/ }),
    ).toBeNull();
    expect(stub.calls.some((c) => c.url === `/admin-service/resources/${CATEGORY.resourceId}`)).toBe(false);

    await user.click(within(categoryRow).getByRole('button', { name: 'Expand Settings' }));
    const menuRow = await screen.findByRole('row', { name: /Users/ });
    expect(within(menuRow).getByText('/users')).toBeInTheDocument();

    await user.click(within(menuRow).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable this menu ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(formatMessage(MESSAGES.changedSuccessfully))).toBeInTheDocument();
    const { childCount: _, createdDate: __, lastModifiedDate: ___, ...body } = MENU;
    expect(stub.writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/admin-service/resource',
      body: { ...body, status: 'DISABLED' },
    });
  });

  it('Add menu sends the parentId; a new category sends none and no URL', async () => {
    const user = userEvent.setup();
    stub = server((call) =>
      call.method === 'POST' ? { data: node(9, call.body as Partial<Resource>) } : undefined,
    );
    renderPage();
    const categoryRow = await screen.findByRole('row', { name: /Settings/ });

    await user.click(screen.getByRole('button', { name: /New category/ }));
    const newCategory = await findDialog('New category');
    await user.type(within(newCategory).getByLabelText('Name'), 'Reports');
    await user.type(within(newCategory).getByLabelText('ID'), 'reports');
    await user.click(within(newCategory).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(stub?.writes()).toHaveLength(1));
    expect(stub.writes()[0]?.body).toEqual({
      name: 'Reports',
      id: 'reports',
      type: 'CATEGORY',
      order: 1,
      status: 'ENABLED',
      applicationId: 'portal',
    });

    await user.click(within(categoryRow).getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add menu' }));
    const addMenu = await findDialog('Add menu under "Settings"');
    await user.type(within(addMenu).getByLabelText('Name'), 'Audit');
    await user.type(within(addMenu).getByLabelText('ID'), 'audit');
    await user.type(within(addMenu).getByLabelText('URL'), '/audit');
    await user.click(within(addMenu).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(stub?.writes()).toHaveLength(2));
    expect(stub.writes()[1]?.body).toMatchObject({
      type: 'MENU',
      url: '/audit',
      parentId: CATEGORY.resourceId,
      applicationId: 'portal',
    });
    // The parent opens to show its new child.
    expect(await screen.findByRole('button', { name: 'Collapse Settings' })).toBeInTheDocument();
  });
});
