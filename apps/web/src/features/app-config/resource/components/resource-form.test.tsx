import { formatMessage, MESSAGES, type Resource, type ResourceType } from '@gatehouse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormMode } from '@/components/record-form';
import { renderWithToasts } from '@/test/render';
import { ResourceForm, typeChoices } from './resource-form';

const MENU: Resource = {
  resourceId: '00000000-0000-4000-8000-000000000002',
  name: 'Users',
  id: 'users',
  type: 'MENU',
  url: '/users',
  order: 3,
  status: 'DISABLED',
  applicationId: 'portal',
  parentId: '00000000-0000-4000-8000-000000000001',
  childCount: 0,
  createdDate: '2024-01-01T00:00:00.000Z',
  lastModifiedDate: '2024-01-01T00:00:00.000Z',
};

function renderForm(mode: FormMode<ResourceType>, resource?: Resource) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  renderWithToasts(<ResourceForm open mode={mode} record={resource} onSubmit={onSubmit} onClose={vi.fn()} />);
  return { dialog: screen.getByRole('dialog'), onSubmit };
}

/** The options of the Type select, as antd lists them once opened. */
async function typeOptions(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByLabelText('Type'));
  const list = await screen.findByRole('listbox');
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

describe('typeChoices', () => {
  it('follows the create mode', () => {
    expect(typeChoices('CREATE_CATEGORY')).toEqual(['CATEGORY']);
    expect(typeChoices('CREATE_MENU')).toEqual(['MENU']);
    expect(typeChoices('CREATE_ELEMENT')).toEqual(['ELEMENT']);
  });

  it('offers what may sit where the node is when editing', () => {
    expect(typeChoices('EDIT', { type: 'CATEGORY', parentId: null })).toEqual(['CATEGORY']);
    expect(typeChoices('EDIT', MENU, 'CATEGORY')).toEqual(['MENU']);
    expect(typeChoices('EDIT', MENU, 'MENU')).toEqual(['MENU', 'ELEMENT']);
    // Found by a search, the parent's type is not known.
    expect(typeChoices('EDIT', MENU, undefined)).toEqual(['MENU', 'ELEMENT']);
  });
});

describe('ResourceForm', () => {
  it('a new category: CATEGORY only, no URL, index 1 by default', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm('CREATE_CATEGORY');
    expect(within(dialog).getByText('New category')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('URL')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Index')).toHaveValue('1');
    expect(await typeOptions(user, dialog)).toEqual(['CATEGORY']);
  });

  it('a new menu or element has a URL and its own type only', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm('CREATE_ELEMENT');
    expect(within(dialog).getByLabelText('URL')).toBeInTheDocument();
    expect(await typeOptions(user, dialog)).toEqual(['ELEMENT']);
  });

  it('requires name, id and index, with the console message', async () => {
    const user = userEvent.setup();
    const { dialog, onSubmit } = renderForm('CREATE_MENU');
    await user.clear(within(dialog).getByLabelText('Index'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(formatMessage(MESSAGES.required))).toHaveLength(3),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('DETAIL is read-only, with the record filled in', () => {
    const { dialog } = renderForm('DETAIL', MENU);
    expect(within(dialog).getByText('Resource detail')).toBeInTheDocument();
    for (const label of ['Name', 'ID', 'URL', 'Index']) {
      expect(within(dialog).getByLabelText(label)).toBeDisabled();
    }
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Users');
    expect(within(dialog).getByLabelText('Index')).toHaveValue('3');
    expect(within(dialog).queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
  });
});
