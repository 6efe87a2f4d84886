import { formatMessage, MESSAGES, PASSWORD_MESSAGES, PASSWORD_POLICY } from '@gatehouse/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTransport } from '@/lib/http';
import { errorBody, stubHttp, TestProviders } from '@/test/support';
import { ChangePasswordForm } from './change-password-form';

const POLICY_URL = '/oauth2-server/password-policy';

/** Answers the password policy (Console Settings: a minimum of 16) and, for the rest, `status` and `data`. */
function answer(status: number, data: unknown) {
  const { calls } = stubHttp((call) =>
    call.url === POLICY_URL ? { data: { ...PASSWORD_POLICY, minLength: 16 } } : { status, data },
  );
  return { sent: () => calls.filter((call) => call.url !== POLICY_URL) };
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
    const { sent } = answer(200, { ok: true });
    render(
      <TestProviders>
        <ChangePasswordForm onChanged={vi.fn()} />
      </TestProviders>,
    );
    await screen.findByTestId('password-rules');
    await fill('old-password-1', 'short', 'other');
    expect(await screen.findByText(formatMessage(PASSWORD_MESSAGES.tooShort(16)))).toBeInTheDocument();
    expect(await screen.findByText(formatMessage(MESSAGES.passwordsDoNotMatch))).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it("shows the policy's rules from the settings, and checks its minimum before sending", async () => {
    const { sent } = answer(200, { ok: true });
    render(
      <TestProviders>
        <ChangePasswordForm onChanged={vi.fn()} />
      </TestProviders>,
    );
    expect(await screen.findByTestId('password-rules')).toHaveTextContent(
      `16 to ${PASSWORD_POLICY.maxLength} characters · not your username · not a common password · not one of your last ${PASSWORD_POLICY.historyCount} passwords`,
    );
    await fill('old-password-1', 'fifteen-chars-1', 'fifteen-chars-1');
    expect(await screen.findByText(formatMessage(PASSWORD_MESSAGES.tooShort(16)))).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
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
    const { sent } = answer(200, { ok: true });
    const onChanged = vi.fn();
    render(
      <TestProviders>
        <ChangePasswordForm onChanged={onChanged} />
      </TestProviders>,
    );
    await fill('the-old-password', 'a-brand-new-password', 'a-brand-new-password');
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(sent()[0]?.url).toBe('/oauth2-server/change-password');
    expect(sent()[0]?.body).toEqual({
      oldPassword: 'the-old-password',
      newPassword: 'a-brand-new-password',
    });
  });
});
