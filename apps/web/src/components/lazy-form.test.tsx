import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormLoadBoundary, lazyForm } from './lazy-form';

function Shown({ name }: { name: string }) {
  return <p>form of {name}</p>;
}

describe('lazyForm', () => {
  it('loads the form when first drawn, once, and draws it with its props', async () => {
    const load = vi.fn(async () => Shown);
    const Form = lazyForm(load);
    expect(load).not.toHaveBeenCalled();
    const { rerender } = await act(async () =>
      render(
        <Suspense fallback="loading">
          <Form name="a" />
        </Suspense>,
      ),
    );
    expect(await screen.findByText('form of a')).toBeInTheDocument();
    rerender(
      <Suspense fallback="loading">
        <Form name="b" />
      </Suspense>,
    );
    expect(screen.getByText('form of b')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a load that fails without taking the page down, and tries again when the form opens again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Shown);
    const Form = lazyForm<{ name: string }>(load);
    const onError = vi.fn();
    const view = (open: boolean) => (
      <main>
        <h1>Screen</h1>
        <FormLoadBoundary open={open} onError={onError}>
          <Suspense fallback="loading">
            <Form name="a" />
          </Suspense>
        </FormLoadBoundary>
      </main>
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = await act(async () => render(view(true)));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { name: 'Screen' })).toBeInTheDocument();
    expect(screen.queryByText('form of a')).toBeNull();

    rerender(view(false));
    await act(async () => rerender(view(true)));
    expect(await screen.findByText('form of a')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
