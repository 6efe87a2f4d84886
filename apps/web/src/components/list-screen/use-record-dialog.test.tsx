import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastHolder } from '../use-toast';
import { type RecordDialogOptions, useRecordDialog } from './use-record-dialog';

type Row = { key: string; name: string };
type Values = { name: string };
type Scope = { appId: string };
type Kind = 'MENU' | 'ELEMENT';

const ROW: Row = { key: 'r1', name: 'Settings' };

function setup(options: Partial<RecordDialogOptions<Row, Values, Scope, Kind, Row>> = {}) {
  const create = vi.fn(async (values: Values) => ({ key: 'new', ...values }));
  const update = vi.fn(async () => {});
  const afterCreate = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <ToastHolder>{children}</ToastHolder>;
  const { result } = renderHook(
    () =>
      useRecordDialog<Row, Values, Scope, Kind, Row>({
        scope: { appId: 'portal' },
        newMode: 'CREATE_MENU',
        create,
        update,
        afterCreate,
        ...options,
      }),
    { wrapper },
  );
  return { dialog: () => result.current, create, update, afterCreate };
}

describe('useRecordDialog', () => {
  it('opens New in its mode and creates in the scope, says so, then hands the answer on', async () => {
    const { dialog, create, update, afterCreate } = setup();
    act(() => dialog().openNew());
    expect(dialog().form).toMatchObject({ open: true, mode: 'CREATE_MENU' });
    expect(dialog().form.record).toBeUndefined();

    await act(() => dialog().form.onSubmit({ name: 'Audit' }));

    expect(create).toHaveBeenCalledExactlyOnceWith(
      { name: 'Audit' },
      { mode: 'CREATE_MENU', from: undefined, scope: { appId: 'portal' } },
    );
    expect(update).not.toHaveBeenCalled();
    expect(await screen.findByText(formatMessage(MESSAGES.createdSuccessfully))).toBeInTheDocument();
    expect(afterCreate).toHaveBeenCalledExactlyOnceWith({ key: 'new', name: 'Audit' }, undefined);
  });

  it('creates from a row in the mode of its action, with the row', async () => {
    const { dialog, create, afterCreate } = setup();
    act(() => dialog().openFrom('CREATE_ELEMENT', ROW));
    expect(dialog().form).toMatchObject({ open: true, mode: 'CREATE_ELEMENT', record: ROW });

    await act(() => dialog().form.onSubmit({ name: 'Export' }));

    expect(create).toHaveBeenCalledWith(
      { name: 'Export' },
      { mode: 'CREATE_ELEMENT', from: ROW, scope: { appId: 'portal' } },
    );
    expect(afterCreate).toHaveBeenCalledWith({ key: 'new', name: 'Export' }, ROW);
  });

  it('saves an edit of the record and says "Saved successfully"', async () => {
    const { dialog, create, update, afterCreate } = setup();
    act(() => dialog().openFrom('EDIT', ROW));

    await act(() => dialog().form.onSubmit({ name: 'Renamed' }));

    expect(update).toHaveBeenCalledExactlyOnceWith({ name: 'Renamed' }, ROW);
    expect(create).not.toHaveBeenCalled();
    expect(afterCreate).not.toHaveBeenCalled();
    expect(await screen.findByText(formatMessage(MESSAGES.savedSuccessfully))).toBeInTheDocument();
    expect(screen.queryByText(formatMessage(MESSAGES.createdSuccessfully))).not.toBeInTheDocument();
  });

  it('skips the create silently while the scope (the application) is not known, spec §5', async () => {
    const { dialog, create, afterCreate } = setup({ scope: null });
    act(() => dialog().openNew());

    // Resolving lets the dialog close, as a save would.
    await expect(act(() => dialog().form.onSubmit({ name: 'Reports' }))).resolves.toBeUndefined();

    expect(create).not.toHaveBeenCalled();
    expect(afterCreate).not.toHaveBeenCalled();
    expect(screen.queryByText(formatMessage(MESSAGES.createdSuccessfully))).not.toBeInTheDocument();
  });

  it('lets a failed save reject, so the dialog stays open, and says nothing itself', async () => {
    const failure = new Error('409');
    const { dialog, afterCreate } = setup({ create: vi.fn(async () => Promise.reject(failure)) });
    act(() => dialog().openNew());

    await expect(act(() => dialog().form.onSubmit({ name: 'Twice' }))).rejects.toBe(failure);

    expect(afterCreate).not.toHaveBeenCalled();
    expect(screen.queryByText(formatMessage(MESSAGES.createdSuccessfully))).not.toBeInTheDocument();
  });

  it('keeps the mode and record while it closes, so the form does not change as it fades', () => {
    const { dialog } = setup();
    act(() => dialog().openFrom('DETAIL', ROW));
    act(() => dialog().form.onClose());
    expect(dialog().form).toMatchObject({ open: false, mode: 'DETAIL', record: ROW });
  });
});
