import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithToasts } from '@/test/render';
import { type Choice, mergeChoices, RemoteSelect } from './remote-select';

const ADMIN: Choice = { value: 'r1', label: 'Administrator (administrator)' };
const AUDITOR: Choice = { value: 'r2', label: 'Auditor (auditor)' };

describe('mergeChoices', () => {
  it('puts the chosen values first, named from what is known, then what the search found, each once', () => {
    const named = new Map([['r1', ADMIN.label]]);
    expect(mergeChoices(['r1'], named, [AUDITOR, ADMIN])).toEqual([ADMIN, AUDITOR]);
  });

  it('shows a chosen value nobody named as it is, and leaves out the excluded ones', () => {
    expect(
      mergeChoices(['r9', 'self'], new Map(), [AUDITOR, { value: 'self', label: 'Me' }], ['self']),
    ).toEqual([{ value: 'r9', label: 'r9' }, AUDITOR]);
  });

  it('offers a disabled choice as found, but never disables a chosen value', () => {
    const off = (choice: Choice): Choice => ({ ...choice, disabled: true, title: 'Not yours to give' });
    const named = new Map([['r1', ADMIN.label]]);
    expect(mergeChoices(['r1'], named, [off(ADMIN), off(AUDITOR)])).toEqual([ADMIN, off(AUDITOR)]);
  });
});

describe('RemoteSelect', () => {
  it('asks the server only once opened, with what was typed, and names the chosen values', async () => {
    const user = userEvent.setup({ delay: null });
    const fetched = vi.fn(async (keyword: string) => (keyword ? [AUDITOR] : [ADMIN, AUDITOR]));
    const search = (keyword: string) =>
      queryOptions({ queryKey: ['roles', keyword], queryFn: () => fetched(keyword) });
    const onChange = vi.fn();
    renderWithToasts(
      <QueryClientProvider client={createQueryClient()}>
        <RemoteSelect
          multiple
          aria-label="Roles"
          search={search}
          known={[ADMIN]}
          value={['r1']}
          onChange={onChange}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText(ADMIN.label)).toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: 'Roles' }));
    expect(await screen.findByRole('option', { name: AUDITOR.label })).toBeInTheDocument();
    expect(fetched).toHaveBeenLastCalledWith('');
    await user.keyboard('aud');
    await waitFor(() => expect(fetched).toHaveBeenLastCalledWith('aud'));
    await user.click(screen.getByText(AUDITOR.label, { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenLastCalledWith(['r1', 'r2']);
  });
});
