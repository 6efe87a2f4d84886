import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DownIcon, RowButton, RowTag } from './row-controls';

describe('row controls', () => {
  it('RowButton is a plain button that takes a ref, a title and a click', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <RowButton ref={ref} title="Why" onClick={onClick}>
        Action
      </RowButton>,
    );
    const button = screen.getByRole('button', { name: 'Action' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('title', 'Why');
    expect(button).toHaveClass('gh-row-button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('a disabled RowButton does not act', async () => {
    const onClick = vi.fn();
    render(
      <RowButton look="link" danger disabled onClick={onClick}>
        Delete
      </RowButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toBeDisabled();
    expect(button).toHaveClass('gh-row-link', 'gh-danger');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("the chevron is hidden from the button's name", () => {
    render(
      <RowButton>
        <span>Action</span>
        <DownIcon />
      </RowButton>,
    );
    const button = screen.getByRole('button', { name: 'Action' });
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(button.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
  });

  it('RowTag takes its colour class, or none', () => {
    render(
      <>
        <RowTag colour="green">ENABLED</RowTag>
        <RowTag>LOCKED</RowTag>
      </>,
    );
    expect(screen.getByText('ENABLED')).toHaveClass('gh-tag', 'gh-tag-green');
    expect(screen.getByText('LOCKED').className).toBe('gh-tag');
  });
});
