import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAntd, renderWithToasts } from '@/test/render';
import { COPY_TOAST_MS, CopyButton } from './copy-button';

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  // user-event installs its own clipboard on setup, so the stub goes in afterwards.
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

describe('CopyButton', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('copies the text and confirms with the copied toast', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    renderWithToasts(<CopyButton text="s3cr3t" label="Copy secret" />);

    await user.click(screen.getByRole('button', { name: 'Copy secret' }));

    expect(writeText).toHaveBeenCalledWith('s3cr3t');
    expect(await screen.findByText(formatMessage(MESSAGES.copied))).toBeInTheDocument();
  });

  it('shows the copied toast for COPY_TOAST_MS', async () => {
    const user = userEvent.setup();
    stubClipboard(vi.fn(async () => {}));
    // Static toasts outlive the test's cleanup, so this one is only recorded, not shown.
    const success = vi
      .spyOn(message, 'success')
      .mockImplementation(() => Object.assign(Promise.resolve(true), () => {}));
    // Outside a ToastHolder the static message API is the one used.
    renderAntd(<CopyButton text="id-1" label="Copy id" />);

    await user.click(screen.getByRole('button', { name: 'Copy id' }));

    await waitFor(() =>
      expect(success).toHaveBeenCalledWith({
        content: formatMessage(MESSAGES.copied),
        duration: COPY_TOAST_MS / 1000,
      }),
    );
    expect(COPY_TOAST_MS / 1000).toBe(1.5);
  });

  it('says copying is not supported when there is no clipboard API', async () => {
    const user = userEvent.setup();
    stubClipboard(undefined);
    renderWithToasts(<CopyButton text="x" label="Copy id" />);

    await user.click(screen.getByRole('button', { name: 'Copy id' }));

    expect(await screen.findByText(formatMessage(MESSAGES.copyNotSupported))).toBeInTheDocument();
    expect(screen.queryByText(formatMessage(MESSAGES.copied))).not.toBeInTheDocument();
  });

  it('says copying is not supported when the browser refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    stubClipboard(vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))));
    renderWithToasts(<CopyButton text="x" label="Copy secret" />);

    await user.click(screen.getByRole('button', { name: 'Copy secret' }));

    expect(await screen.findByText(formatMessage(MESSAGES.copyNotSupported))).toBeInTheDocument();
  });
});
