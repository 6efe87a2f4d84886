import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAntd } from '@/test/render';
import { arrayParamsOf, SearchBar, type SearchField, searchParamsOf } from './search-bar';

const fields: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'id', label: 'ID', type: 'text' },
  {
    name: 'status',
    label: 'Status',
    type: 'multi-select',
    options: [
      { label: 'Enabled', value: 'ENABLED' },
      { label: 'Disabled', value: 'DISABLED' },
    ],
  },
  { name: 'created', label: 'Created', type: 'date' },
  { name: 'client', label: 'Client', type: 'text' },
];

function setup(value: Record<string, string | string[] | undefined> = {}, defaultAdvancedOpen?: boolean) {
  const onSearch = vi.fn();
  const onReset = vi.fn();
  const user = userEvent.setup({ delay: null });
  const view = renderAntd(
    <SearchBar
      fields={fields}
      value={value}
      onSearch={onSearch}
      onReset={onReset}
      defaultAdvancedOpen={defaultAdvancedOpen}
    />,
  );
  return { onSearch, onReset, user, ...view };
}

async function chooseGeneral(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Search in' }));
  const option = await screen.findByRole('option', { name: label });
  // antd renders an accessible shadow list next to the visible one; the visible item takes the click.
  const visible = document.querySelector(`.ant-select-item-option[title="${label}"]`);
  await user.click(visible ?? option);
}

describe('SearchBar', () => {
  it('searches every field through keyword when All is chosen, on Enter', async () => {
    const { onSearch, user } = setup();

    await user.type(screen.getByRole('textbox', { name: 'Search All' }), 'acme{Enter}');

    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ keyword: 'acme' });
  });

  it('searches one field through its own parameter, with the search button', async () => {
    const { onSearch, user } = setup();

    await chooseGeneral(user, 'Name');
    await user.type(screen.getByRole('textbox', { name: 'Search Name' }), 'portal');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ name: 'portal' });
  });

  it('moves typed text to the field chosen afterwards', async () => {
    const { onSearch, user } = setup();

    await user.type(screen.getByRole('textbox', { name: 'Search All' }), 'web');
    await chooseGeneral(user, 'Client');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ client: 'web' });
  });

  it('drops empty values and trims text', async () => {
    const { onSearch, user } = setup({}, true);

    await user.click(screen.getByRole('textbox', { name: 'Search All' }));
    await user.paste('   ');
    await user.click(screen.getByRole('textbox', { name: 'ID' }));
    await user.paste('  app-1 ');
    const advanced = screen.getByRole('region', { name: 'Advanced Search' });
    await user.click(within(advanced).getByRole('button', { name: 'Search' }));

    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ id: 'app-1' });
  });

  it('toggles Advanced Search and lays its fields out 4 to a row', async () => {
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: /Advanced Search/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Advanced Search' })).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const advanced = screen.getByRole('region', { name: 'Advanced Search' });
    const cols = fields.map((f) => screen.getByTestId(`search-field-${f.name}`));
    // Five fields in a grid of four columns: four fill the first row and the fifth wraps.
    expect(cols.every((col) => col.parentElement === cols[0]!.parentElement)).toBe(true);
    expect(cols[0]!.parentElement!.style.display).toBe('grid');
    expect(cols[0]!.parentElement!.style.gridTemplateColumns).toBe('repeat(4, minmax(0, 1fr))');
    for (const f of fields.filter((f) => f.type !== 'date')) {
      expect(within(advanced).getByLabelText(f.label)).toBeInTheDocument();
    }
    expect(within(advanced).getByRole('button', { name: 'Reset' })).toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Advanced Search' })).not.toBeInTheDocument();
  });

  it('emits a multi-select as an array', async () => {
    const { onSearch, user } = setup({}, true);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const option = await screen.findByRole('option', { name: 'Disabled' });
    await user.click(document.querySelector('.ant-select-item-option[title="Disabled"]') ?? option);
    const advanced = screen.getByRole('region', { name: 'Advanced Search' });
    await user.click(within(advanced).getByRole('button', { name: 'Search' }));

    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ status: ['DISABLED'] });
  });

  it('emits a date range named created as createdFrom and createdTo in YYYY/MM/DD', async () => {
    const { onSearch, user } = setup({}, true);

    // The picker is loaded when the date field first shows.
    const from = await screen.findByPlaceholderText('Created from');
    const to = screen.getByPlaceholderText('Created to');
    await user.click(from);
    await user.type(from, '2024/01/05');
    await user.keyboard('{Enter}');
    await user.type(to, '2024/02/29');
    await user.keyboard('{Enter}');
    // Enter commits a typed date without searching with half a range.
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Created' })).toBeInTheDocument();
    const advanced = screen.getByRole('region', { name: 'Advanced Search' });
    await user.click(within(advanced).getByRole('button', { name: 'Search' }));

    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ createdFrom: '2024/01/05', createdTo: '2024/02/29' });
  });

  it('shows the current search, opening Advanced Search for the filters only it holds', async () => {
    setup({ keyword: 'acme', status: 'ENABLED', createdFrom: '2024/03/01', createdTo: '2024/03/31' });

    expect(screen.getByRole('textbox', { name: 'Search All' })).toHaveValue('acme');
    const advanced = screen.getByRole('region', { name: 'Advanced Search' });
    expect(within(advanced).getByText('Enabled')).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('Created from')).toHaveValue('2024/03/01');
    expect(screen.getByPlaceholderText('Created to')).toHaveValue('2024/03/31');
  });

  it('shows a one-field search in the general input after a reload', () => {
    setup({ name: 'portal' });

    expect(screen.getByRole('combobox', { name: 'Search in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search Name' })).toHaveValue('portal');
    expect(screen.queryByRole('region', { name: 'Advanced Search' })).not.toBeInTheDocument();
  });

  it('opens Advanced Search when a text filter is set that the general input does not show', () => {
    setup({ keyword: 'acme', id: 'x' });

    expect(screen.getByRole('textbox', { name: 'Search All' })).toHaveValue('acme');
    const advanced = screen.getByRole('region', { name: 'Advanced Search' });
    expect(within(advanced).getByRole('textbox', { name: 'ID' })).toHaveValue('x');
  });

  it('keeps an advanced value when its field is picked with nothing typed', async () => {
    const { onSearch, user } = setup({ id: 'x', client: 'web', status: 'ENABLED' });
    expect(screen.getByRole('textbox', { name: 'Search All' })).toHaveValue('');

    await chooseGeneral(user, 'ID');
    expect(screen.getByRole('textbox', { name: 'Search ID' })).toHaveValue('x');
    await user.click(screen.getAllByRole('button', { name: 'Search' })[0]!);

    // The single status read from the URL goes out as a list, as a multi-select's value.
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ id: 'x', client: 'web', status: ['ENABLED'] });
  });

  it('follows the URL when the value changes from outside', () => {
    const { rerender, onSearch, onReset } = setup({ keyword: 'one' });
    rerender(<SearchBar fields={fields} value={{ keyword: 'two' }} onSearch={onSearch} onReset={onReset} />);
    expect(screen.getByRole('textbox', { name: 'Search All' })).toHaveValue('two');
  });

  it('Reset clears every field and calls onReset', async () => {
    const { onSearch, onReset, user } = setup(
      { keyword: 'acme', id: 'x', status: ['ENABLED', 'DISABLED'] },
      true,
    );
    const advanced = screen.getByRole('region', { name: 'Advanced Search' });

    await user.click(within(advanced).getByRole('button', { name: 'Reset' }));

    expect(onReset).toHaveBeenCalledOnce();
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Search All' })).toHaveValue('');
    expect(within(advanced).getByRole('textbox', { name: 'ID' })).toHaveValue('');
    expect(within(advanced).queryByText('Enabled')).not.toBeInTheDocument();

    await user.click(within(advanced).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({});
  });

  it('offers no Advanced Search to a list searched by its keyword alone', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAntd(<SearchBar fields={[]} value={{}} onSearch={onSearch} onReset={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /Advanced Search/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Search All' }), 'mirror{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ keyword: 'mirror' });
  });

  it('lists the parameters its fields can write', () => {
    expect(searchParamsOf(fields)).toEqual([
      'keyword',
      'name',
      'id',
      'status',
      'createdFrom',
      'createdTo',
      'client',
    ]);
    expect(arrayParamsOf(fields)).toEqual(['status']);
  });

  it('does not submit while the general select is used by keyboard', async () => {
    const { onSearch } = setup();
    const select = screen.getByRole('combobox', { name: 'Search in' });
    act(() => select.focus());
    fireEvent.keyDown(select, { key: 'Enter', code: 'Enter' });
    expect(onSearch).not.toHaveBeenCalled();
  });
});
