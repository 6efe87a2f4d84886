import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageJumper, PageList, pageItems } from './pager';

describe("pageItems, by the rules of antd's Pagination", () => {
  it('lists every page up to seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps five pages together near the start, and the last page after a gap', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'on5', 20]);
    expect(pageItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'on5', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'on5', 20]);
  });

  it('shows the current page with one on each side in the middle, between two gaps', () => {
    expect(pageItems(10, 20)).toEqual([1, 'back5', 9, 10, 11, 'on5', 20]);
    expect(pageItems(5, 8)).toEqual([1, 'back5', 4, 5, 6, 7, 8]);
  });

  it('keeps five pages together near the end', () => {
    expect(pageItems(20, 20)).toEqual([1, 'back5', 16, 17, 18, 19, 20]);
    expect(pageItems(17, 20)).toEqual([1, 'back5', 16, 17, 18, 19, 20]);
  });
});

describe('PageList', () => {
  function setup(current: number, pages: number) {
    const onChange = vi.fn();
    render(<PageList current={current} pages={pages} onChange={onChange} />);
    const button = (title: string) => within(screen.getByTitle(title)).getByRole('button');
    return { onChange, button, user: userEvent.setup({ delay: null }) };
  }

  it('marks the current page and turns pages with Previous and Next', async () => {
    const { onChange, button, user } = setup(3, 5);
    expect(button('3')).toHaveAttribute('aria-current', 'page');
    await user.click(button('Previous Page'));
    await user.click(button('Next Page'));
    expect(onChange.mock.calls).toEqual([[2], [4]]);
  });

  it('cannot go before the first page or past the last', () => {
    const first = setup(1, 1);
    expect(first.button('Previous Page')).toBeDisabled();
    expect(first.button('Next Page')).toBeDisabled();
  });

  it('jumps five pages from a gap, and not past the ends', async () => {
    const { onChange, button, user } = setup(10, 12);
    await user.click(button('Previous 5 Pages'));
    expect(onChange).toHaveBeenLastCalledWith(5);
    // At 10 of 12 the last pages all show: there is no gap after them.
    expect(screen.queryByTitle('Next 5 Pages')).toBeNull();
  });

  it('jumps to the first page from a gap nearer than five pages', async () => {
    const { onChange, button, user } = setup(5, 20);
    await user.click(button('Previous 5 Pages'));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('is worked with the keyboard: Tab reaches a page, Enter opens it', async () => {
    const { onChange, button, user } = setup(1, 3);
    button('2').focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

describe('PageJumper', () => {
  it('takes a typed page on Enter and when left, within the pages, and ignores what is not a number', async () => {
    const onJump = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<PageJumper pages={7} onJump={onJump} />);
    const field = screen.getByRole('textbox', { name: 'Page' });
    await user.type(field, '3{Enter}');
    await user.type(field, '99');
    await user.tab();
    await user.type(field, 'x{Enter}');
    expect(onJump.mock.calls).toEqual([[3], [7]]);
    expect(field).toHaveValue('');
  });
});
