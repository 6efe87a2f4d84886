import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTransport } from '@/lib/http';
import { errorBody, stubHttp, TestProviders } from '@/test/support';
import { ChangePasswordForm } from './change-password-form';

function answer(status: number, data: unknown) {
  return stubHttp(() => ({ status, data })).calls;
}

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

afterEach(() => {
  setTransport();
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
    expect(await screen.findByText(formatMessage(MESSAGES.passwordTooShort))).toBeInTheDocument();
    expect(await screen.findByText(formatMessage(MESSAGES.passwordsDoNotMatch))).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('puts the server field message on the current password', async () => {
    answer(
      400,
      errorBody('VALIDATION_FAILED', MESSAGES.validationFailed, {
        oldPassword: MESSAGES.currentPasswordWrong,
      }),
    );
    const onChanged = vi.fn();
    render(
      <TestProviders>
        <ChangePasswordForm onChanged={onChanged} />
      </TestProviders>,
    );
    await fill('wrong-current', 'a-brand-new-password', 'a-brand-new-password');
    expect(await screen.findByText(formatMessage(MESSAGES.currentPasswordWrong))).toBeInTheDocument();
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
    expect(sent[0]?.body).toEqual({
      oldPassword: 'the-old-password',
      newPassword: 'a-brand-new-password',
    });
  });
});
