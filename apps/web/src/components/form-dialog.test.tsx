import { createPermissionSchema, formatMessage, MESSAGES } from '@gatehouse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';
import { renderAntd } from '@/test/render';
import { FORM_RESET_DELAY_MS, FormDialog, fieldErrorsOf, fieldOnForm } from './form-dialog';
import type { FormMode } from './record-form';
import { fieldRules } from './schema-rule';

type Values = { name: string; id: string };

type Props = {
  open?: boolean;
  mode?: FormMode;
  initialValues?: Partial<Values>;
  onSubmit?: (values: Values) => Promise<void>;
  onClose?: () => void;
};

function dialog({
  open = true,
  mode = 'CREATE',
  initialValues,
  onSubmit = async () => {},
  onClose = () => {},
}: Props) {
  return (
    <FormDialog<Values>
      open={open}
      mode={mode}
      title="New data access"
      initialValues={initialValues}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Form.Item name="name" label="Name" rules={fieldRules(createPermissionSchema, 'name')}>
        <Input />
      </Form.Item>
      <Form.Item name="id" label="ID" rules={fieldRules(createPermissionSchema, 'id')}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

const okButton = () => screen.getByRole('button', { name: 'OK' });

describe('FormDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('submits the values with OK and then closes', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {});
    const onClose = vi.fn();
    renderAntd(dialog({ onSubmit, onClose }));

    expect(screen.getByRole('dialog', { name: 'New data access' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Orders');
    await user.type(screen.getByLabelText('ID'), 'orders');
    await user.click(okButton());

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Orders', id: 'orders' });
  });

  it('submits on Enter in a field', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {});
    renderAntd(dialog({ onSubmit, initialValues: { name: 'Orders' } }));

    await user.type(screen.getByLabelText('ID'), 'orders{Enter}');

    await waitFor(() => expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Orders', id: 'orders' }));
  });

  it('shows "This item is required" on empty required fields, logs and does not submit', async () => {
    const user = userEvent.setup({ delay: null });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const onSubmit = vi.fn(async () => {});
    renderAntd(dialog({ onSubmit }));

    await user.click(okButton());

    // Each field's message shows when its own validation settles: wait for both.
    await waitFor(() => expect(screen.getAllByText(formatMessage(MESSAGES.required))).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(debug).toHaveBeenCalledWith('Form validation failed', expect.any(Array)));
    expect(document.querySelector('.ant-message')).toBeNull();
  });

  it('shows the confirm loading state while saving', async () => {
    const user = userEvent.setup({ delay: null });
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    renderAntd(dialog({ onSubmit, onClose, initialValues: { name: 'a', id: 'b' } }));

    await user.click(okButton());

    // The spinner joins the button's name while it shows.
    await waitFor(() => expect(screen.getByRole('button', { name: /OK/ })).toHaveClass('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => finish());
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /OK/ })).not.toHaveClass('ant-btn-loading'),
    );
  });

  it('saves once when submitted again while the first save runs', async () => {
    const user = userEvent.setup({ delay: null });
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderAntd(dialog({ onSubmit, initialValues: { name: 'a', id: 'b' } }));

    await user.type(screen.getByLabelText('ID'), '{Enter}{Enter}');
    await user.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await act(async () => finish());

    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('puts the server’s field errors on the fields and stays open', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error('Some fields are invalid.'), { fields: { id: MESSAGES.duplicateId } });
    });
    renderAntd(dialog({ onSubmit, onClose, initialValues: { name: 'a', id: 'dup' } }));

    await user.click(okButton());

    const error = await screen.findByText(formatMessage(MESSAGES.duplicateId));
    expect(error.closest('.ant-form-item')).toHaveTextContent('ID');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows server field errors for fields it does not have above the form', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {
      throw new ApiError('http', 'invalid', {
        status: 400,
        body: {
          fields: [{ field: 'applicationId', key: 'unknown.key', message: 'Choose an application first' }],
        },
      });
    });
    renderAntd(dialog({ onSubmit, initialValues: { name: 'a', id: 'b' } }));

    await user.click(okButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an application first');
  });

  it('shows a server field error in the console language', async () => {
    const user = userEvent.setup({ delay: null });
    await setLanguage('zh');
    try {
      const onSubmit = vi.fn(async () => {
        throw new ApiError('http', 'bad', {
          status: 400,
          body: {
            fields: [
              {
                field: 'id',
                key: 'field.tooLong',
                params: { maximum: 100 },
                message: 'At most 100 characters',
              },
            ],
          },
        });
      });
      renderAntd(dialog({ onSubmit, initialValues: { name: 'a', id: 'b' } }));
      await user.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
      const error = await screen.findByText('最多 100 个字符');
      expect(error).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('is read-only in DETAIL mode, with a Close button and no OK', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {});
    const onClose = vi.fn();
    renderAntd(
      dialog({ mode: 'DETAIL', onSubmit, onClose, initialValues: { name: 'Orders', id: 'orders' } }),
    );

    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Orders');
    expect(screen.getByLabelText('ID')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();

    // The dialog's corner X is also named Close; this one is the footer's.
    const footer = document.querySelector<HTMLElement>('.ant-modal-footer')!;
    await user.click(within(footer).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('applies initialValues each time it opens', async () => {
    const { rerender } = renderAntd(dialog({ mode: 'DETAIL', initialValues: { name: 'A', id: 'a' } }));
    expect(screen.getByLabelText('Name')).toHaveValue('A');

    rerender(dialog({ open: false, mode: 'DETAIL', initialValues: { name: 'A', id: 'a' } }));
    rerender(dialog({ open: true, mode: 'EDIT', initialValues: { name: 'B', id: 'b' } }));

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('B'));
    expect(screen.getByLabelText('Name')).toBeEnabled();
  });

  it(`resets the form ${FORM_RESET_DELAY_MS} ms after it closes, not before`, async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = renderAntd(
      dialog({ mode: 'EDIT', initialValues: { name: 'Orders', id: 'orders' } }),
    );
    await user.type(screen.getByLabelText('Name'), ' v2');
    expect(screen.getByLabelText('Name')).toHaveValue('Orders v2');

    vi.useFakeTimers();
    rerender(dialog({ open: false, mode: 'EDIT' }));

    act(() => vi.advanceTimersByTime(FORM_RESET_DELAY_MS - 1));
    expect(screen.getByLabelText('Name')).toHaveValue('Orders v2');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('ID')).toHaveValue('');
  });

  it('does not reset a form that was opened again within the delay', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = renderAntd(dialog({ initialValues: {} }));
    await user.type(screen.getByLabelText('Name'), 'draft');

    vi.useFakeTimers();
    rerender(dialog({ open: false }));
    act(() => vi.advanceTimersByTime(100));
    rerender(dialog({ open: true, initialValues: { name: 'fresh' } }));
    act(() => vi.advanceTimersByTime(FORM_RESET_DELAY_MS));

    expect(screen.getByLabelText('Name')).toHaveValue('fresh');
  });
});

describe('fieldErrorsOf', () => {
  it('reads fields from an ApiError or one like it', () => {
    expect(fieldErrorsOf({ fields: { id: 'taken' } })).toEqual({ id: 'taken' });
    const error = new ApiError('http', 'bad', {
      status: 400,
      body: { fields: [{ field: 'name', key: 'required', message: 'This item is required' }] },
    });
    expect(fieldErrorsOf(error)).toEqual({ name: MESSAGES.required });
  });

  it('ignores errors without field messages', () => {
    expect(fieldErrorsOf(new Error('boom'))).toBeUndefined();
    expect(fieldErrorsOf({ fields: {} })).toBeUndefined();
    expect(fieldErrorsOf(null)).toBeUndefined();
  });
});

describe('fieldOnForm', () => {
  const shown = new Set(['name', 'events', 'address.city']);

  it('puts a message on its field, or on the nearest field holding it', () => {
    expect(fieldOnForm('name', shown)).toBe('name');
    expect(fieldOnForm('events.2', shown)).toBe('events');
    expect(fieldOnForm('address.city', shown)).toBe('address.city');
    expect(fieldOnForm('address.city.0', shown)).toBe('address.city');
  });

  it('leaves a message whose field the form does not show to the list above the form', () => {
    expect(fieldOnForm('url', shown)).toBeUndefined();
    expect(fieldOnForm('address', shown)).toBeUndefined();
  });
});
