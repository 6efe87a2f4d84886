import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAntd } from '@/test/render';
import { type RowAction, RowActions } from './row-actions';

function actions(overrides: Partial<Record<string, Partial<RowAction>>> = {}) {
  const onDetail = vi.fn();
  const onEdit = vi.fn();
  const onAddMenu = vi.fn();
  const items: RowAction[] = [
    { key: 'detail', label: 'Detail', onClick: onDetail, ...overrides.detail },
    { key: 'edit', label: 'Edit', onClick: onEdit, ...overrides.edit },
    { key: 'add-menu', label: 'Add menu', onClick: onAddMenu, ...overrides['add-menu'] },
  ];
  return { items, onDetail, onEdit, onAddMenu };
}

/**
 * rc-menu moves between items it considers visible, judged by layout that jsdom does not do;
 * giving every element an offsetParent makes the menu's items count as shown.
 */
function pretendLayout() {
  vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
}

describe('RowActions', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens an Action menu and runs the chosen item', async () => {
    const user = userEvent.setup({ delay: null });
    const { items, onEdit, onDetail } = actions();
    renderAntd(<RowActions items={items} />);

    await user.click(screen.getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));

    expect(onEdit).toHaveBeenCalledOnce();
    expect(onDetail).not.toHaveBeenCalled();
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { items, onDetail, onEdit } = actions();
    pretendLayout();
    renderAntd(<RowActions items={items} />);

    await user.tab();
    expect(screen.getByRole('button', { name: /Action/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    // The opened menu takes focus on its first item.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Detail' })).toHaveFocus());
    // rc-menu reads keyCode, which user-event leaves at 0; browsers set it.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', keyCode: 13, which: 13 });

    await waitFor(() => expect(onEdit).toHaveBeenCalledOnce());
    expect(onDetail).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: /Action/ })).toHaveFocus());
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup({ delay: null });
    const { items } = actions();
    pretendLayout();
    renderAntd(<RowActions items={items} />);
    // The first use mounts the menu, which draws its own button in place of the one clicked.
    await user.click(screen.getByRole('button', { name: /Action/ }));
    const button = screen.getByRole('button', { name: /Action/ });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Detail' })).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27, which: 27 });

    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with ArrowDown on the button', async () => {
    const user = userEvent.setup({ delay: null });
    const { items } = actions();
    pretendLayout();
    renderAntd(<RowActions items={items} />);

    await user.tab();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Detail' })).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27, which: 27 });
    await waitFor(() => expect(screen.getByRole('button', { name: /Action/ })).toHaveFocus());
    // Once mounted, the menu opens with ArrowDown again.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Detail' })).toHaveFocus());
  });

  it('shows disabled items with their reason and does not run them', async () => {
    const user = userEvent.setup({ delay: null });
    const { items, onEdit } = actions({ edit: { disabled: true, title: 'No permission' } });
    renderAntd(<RowActions items={items} />);

    await user.click(screen.getByRole('button', { name: /Action/ }));
    const edit = await screen.findByRole('menuitem', { name: 'Edit' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTitle('No permission')).toHaveTextContent('Edit');
    await user.click(edit);

    expect(onEdit).not.toHaveBeenCalled();
  });

  it('leaves hidden items out', async () => {
    const user = userEvent.setup({ delay: null });
    const { items } = actions({ 'add-menu': { hidden: true } });
    renderAntd(<RowActions items={items} />);

    await user.click(screen.getByRole('button', { name: /Action/ }));
    await screen.findByRole('menuitem', { name: 'Detail' });

    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Detail', 'Edit']);
  });

  it('shows only the extra control when every item is hidden', () => {
    const { items } = actions({
      detail: { hidden: true },
      edit: { hidden: true },
      'add-menu': { hidden: true },
    });
    renderAntd(<RowActions items={items} extra={<button type="button">Enable</button>} />);

    expect(screen.queryByRole('button', { name: /Action/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });
});
