import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectClosing, renderAntd, renderWithToasts } from '@/test/render';
import { ConfirmToggle, confirmToggleText } from './confirm-toggle';

describe('ConfirmToggle', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks before disabling a client and calls onConfirm only after OK', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    renderWithToasts(<ConfirmToggle status="ENABLED" what="client" onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable this client?')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('DISABLED');
    expect(await screen.findByText(formatMessage(MESSAGES.changedSuccessfully))).toBeInTheDocument();
  });

  it('says under the question what the change stops', async () => {
    const user = userEvent.setup();
    renderWithToasts(
      <ConfirmToggle
        status="ENABLED"
        what="application"
        consequence="Its clients stop."
        onConfirm={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable this application?')).toBeInTheDocument();
    expect(screen.getByText('Its clients stop.')).toBeInTheDocument();
  });

  it('offers Enable for a disabled resource and words the prompt for its type', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    renderWithToasts(<ConfirmToggle status="DISABLED" what="menu" onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Enable this menu ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(onConfirm).toHaveBeenCalledWith('ENABLED');
  });

  it('does nothing on Cancel', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    renderWithToasts(<ConfirmToggle status="ENABLED" what="element" onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable this element ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expectClosing(document.querySelector('.ant-popconfirm')));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByText(formatMessage(MESSAGES.changedSuccessfully))).not.toBeInTheDocument();
  });

  it('leaves a failure to the HTTP client instead of toasting again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    const success = vi.spyOn(message, 'success');
    const error = vi.spyOn(message, 'error');
    const onConfirm = vi.fn(async () => Promise.reject(new Error('503')));
    // Outside a ToastHolder, so the spies on the static API see every toast the component shows.
    renderAntd(<ConfirmToggle status="ENABLED" what="category" onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));

    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    await waitFor(() => expectClosing(document.querySelector('.ant-popconfirm')));
    expect(success).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('cannot be used when disabled, and shows its title', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    renderWithToasts(
      <ConfirmToggle status="ENABLED" what="client" onConfirm={onConfirm} disabled title="No permission" />,
    );

    const button = screen.getByRole('button', { name: 'Disable' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'No permission');
    await user.click(button);
    expect(screen.queryByText('Disable this client?')).not.toBeInTheDocument();
  });
});

describe('confirmToggleText', () => {
  it('keeps the contract wording for the spec nouns and asks plainly about identity records', () => {
    expect(confirmToggleText('DISABLED', 'client')).toBe('Disable this client?');
    expect(confirmToggleText('ENABLED', 'element')).toBe('Enable this element ?');
    expect(confirmToggleText('DISABLED', 'user')).toBe('Disable this user?');
    expect(confirmToggleText('ENABLED', 'organization')).toBe('Enable this organization?');
  });
});
