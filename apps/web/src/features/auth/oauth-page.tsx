import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type InteractionDetails, type InteractionLogin, MESSAGES } from '@gatehouse/contract';
import { browserLocation } from '@/lib/browser';
import { getCurrentUser, getToken } from '@/lib/session';
import { type InteractionStep, useInteraction, useInteractionStep } from './api/interaction';
import { AuthCard } from './components/auth-card';
import { interactionErrorText, sameOriginRedirect, scopeDescription } from './oauth-interaction';

const NO_INTERACTION = 'This page is part of an application’s sign-in. Start again from the application.';
const UNSAFE_REDIRECT = 'The sign-in answered with an address outside Gatehouse, so it was not followed.';

/**
 * The OpenID Provider's interaction page (/oauth?uid=…): the provider sends the browser here
 * to sign in and to approve the scopes; each answer names the provider address to go back to,
 * which the page follows with a full navigation. Public, and as small as the sign-in page.
 */
export function OAuthPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const details = useInteraction(uid);
  const step = useInteractionStep(uid);
  const [error, setError] = useState<string | null>(null);
  // Once an answer is followed the page only waits for the browser to leave.
  const [leaving, setLeaving] = useState(false);

  /** Posts a step and follows its answer; false when it failed and the page says why. */
  const run = async (next: InteractionStep): Promise<boolean> => {
    setError(null);
    try {
      const { redirectTo } = await step.mutateAsync(next);
      const target = sameOriginRedirect(redirectTo, window.location.origin);
      if (!target) {
        setError(UNSAFE_REDIRECT);
        return false;
      }
      setLeaving(true);
      browserLocation.assign(target);
      return true;
    } catch (e) {
      setError(interactionErrorText(e));
      return false;
    }
  };

  if (!uid) return <Problem text={NO_INTERACTION} />;
  if (details.isPending) {
    return (
      <AuthCard title="Sign in">
        <div role="status">Loading…</div>
      </AuthCard>
    );
  }
  if (details.isError) return <Problem text={interactionErrorText(details.error)} />;

  const busy = step.isPending || leaving;
  const info = details.data;
  return (
    <AuthCard
      title={info.prompt === 'login' ? `Sign in to ${info.applicationName}` : `Allow ${info.clientName}?`}
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      {info.prompt === 'login' ? (
        <LoginStep info={info} busy={busy} onStep={run} />
      ) : (
        <ConsentStep info={info} busy={busy} onStep={run} />
      )}
    </AuthCard>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <AuthCard title="The sign-in cannot go on">
      <Alert type="error" showIcon title={text} role="alert" />
    </AuthCard>
  );
}

type StepProps = {
  info: InteractionDetails;
  busy: boolean;
  onStep: (step: InteractionStep) => Promise<boolean>;
};

/** A console session signs in with one click; otherwise, or for another account, the form. */
function LoginStep({ info, busy, onStep }: StepProps) {
  const current = getToken() ? getCurrentUser() : null;
  const [useForm, setUseForm] = useState(current === null);
  // A console session that has ended meanwhile leaves the form to sign in with.
  const continueWithSession = async () => {
    if (!(await onStep({ kind: 'login' }))) setUseForm(true);
  };
  return (
    <>
      <p>
        <strong>{info.clientName}</strong> of <strong>{info.applicationName}</strong> asks you to sign in with
        Gatehouse.
      </p>
      {useForm ? (
        <Form<InteractionLogin & object>
          layout="vertical"
          requiredMark={false}
          disabled={busy}
          onFinish={(credentials) => onStep({ kind: 'login', credentials })}
        >
          <Form.Item
            label="Username"
            name="username"
            rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: MESSAGES.required }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Sign in
          </Button>
        </Form>
      ) : (
        <Flex vertical gap={8}>
          <Button type="primary" block loading={busy} onClick={continueWithSession}>
            Continue as {current?.name || current?.username}
          </Button>
          <Button block disabled={busy} onClick={() => setUseForm(true)}>
            Use another account
          </Button>
        </Flex>
      )}
      <Button
        type="link"
        block
        disabled={busy}
        style={{ marginTop: 8 }}
        onClick={() => onStep({ kind: 'abort' })}
      >
        Cancel
      </Button>
    </>
  );
}

/** The scopes by what they reveal; the answer is remembered for this client. */
function ConsentStep({ info, busy, onStep }: StepProps) {
  return (
    <>
      <p>
        <strong>{info.clientName}</strong> of <strong>{info.applicationName}</strong> asks to:
      </p>
      <ul aria-label="Requested access">
        {info.scopes.map((scope) => (
          <li key={scope}>
            {scopeDescription(scope, info.applicationName)} <code>{scope}</code>
          </li>
        ))}
      </ul>
      <p style={{ opacity: 0.75 }}>
        If you allow, Gatehouse remembers it for the next sign-in of this client.
      </p>
      <Flex gap={8} justify="flex-end">
        <Button disabled={busy} onClick={() => onStep({ kind: 'abort' })}>
          Deny
        </Button>
        <Button type="primary" loading={busy} onClick={() => onStep({ kind: 'consent' })}>
          Allow
        </Button>
      </Flex>
    </>
  );
}
