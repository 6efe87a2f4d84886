import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@gatehouse/contract';
import { TestProviders } from '@/test/support';
import { http } from '@/lib/http';
import { ChangePasswordForm } from './change-password-form';

function answer(status: number, data: unknown) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const response = { data, status, statusText: '', headers: {}, config };
    if (status < 300) return response;
    throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  http.defaults.adapter = adapter;
  return sent;
}

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

afterEach(() => {
  http.defaults.adapter = undefined;
});

describe('ChangePasswordForm', () => {
  it('checks length, difference and confirmation before sending', async () => {
    const sent = answer(200, { ok: true });
    render(
      <TestProviders>
        <ChangePasswordForm onChanged={vi.fn()} />
      </TestProviders>,
    );
    await fill('old-password-1', 'short', 'other');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('puts the server field message on the current password', async () => {
    answer(400, {
      code: 'VALIDATION_FAILED',
      message: 'invalid',
      fields: { oldPassword: MESSAGES.currentPasswordWrong },
    });
    const onChanged = vi.fn();
    render(
      <TestProviders>
        <ChangePasswordForm onChanged={onChanged} />
      </TestProviders>,
    );
    await fill('wrong-current', 'a-brand-new-password', 'a-brand-new-password');
    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends old and new password and reports success', async () => {
    const sent = answer(200, { ok: true });
    const onChanged = vi.fn();
    render(
      <TestProviders>
        <ChangePasswordForm onChanged={onChanged} />
      </TestProviders>,
    );
    await fill('the-old-password', 'a-brand-new-password', 'a-brand-new-password');
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(sent[0]?.url).toBe('/oauth2-server/change-password');
    expect(JSON.parse(String(sent[0]?.data))).toEqual({
      oldPassword: 'the-old-password',
      newPassword: 'a-brand-new-password',
    });
  });
});
