import {
  ERROR_CODES,
  FEDERATION_ERROR_PARAM,
  FEDERATION_HANDOFF_PARAM,
  type InteractionDetails,
  type InteractionLogin,
  OIDC_MESSAGES,
} from '@gatehouse/contract';
import { Button, Flex, Form, Input } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '@/components/notice';
import { browserLocation } from '@/lib/browser';
import { isApiError, type Shown } from '@/lib/http';
import { useSay } from '@/lib/i18n';
import { getCurrentUser, getToken } from '@/lib/session';
import { type InteractionStep, useInteraction, useInteractionStep } from './api/interaction';
import { AuthCard } from './components/auth-card';
import { FEDERATION_PROVIDER_PARAM, federationError } from './federation-errors';
import { interactionErrorText, isInteractionGone, sameOriginRedirect } from './oauth-interaction';
import { useOAuthMessages } from './oauth-messages';

// The passkey button, its texts and the browser's WebAuthn library load apart too.
const InteractionPasskey = lazy(() =>
  import('./passkeys/passkey-button').then((m) => ({ default: m.InteractionPasskey })),
);
// The identity providers' buttons load apart, after the page has drawn.
const ProviderButtons = lazy(() =>
  import('./components/provider-buttons').then((m) => ({ default: m.ProviderButtons })),
);

const KNOWN_SCOPES = new Set(['openid', 'profile', 'email', 'phone', 'offline_access', 'gatehouse']);

/**
 * The OpenID Provider's interaction page (/oauth?uid=…): the provider sends the browser here
 * to sign in and to approve the scopes; each answer names the provider address to go back to,
 * which the page follows with a full navigation. Public, and as small as the sign-in page.
 */
export function OAuthPage() {
  const t = useOAuthMessages();
  const say = useSay();
  const texts = { failed: t('failed'), gone: OIDC_MESSAGES.interactionGone };
  const [params, setParams] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const details = useInteraction(uid);
  const step = useInteractionStep(uid);
  // Back from an identity provider: its handoff signs in (`federated`), or why it failed.
  const handoff = params.get(FEDERATION_HANDOFF_PARAM);
  const [error, setError] = useState<Shown | null>(
    () =>
      federationError(
        params.get(FEDERATION_ERROR_PARAM),
        params.get(FEDERATION_PROVIDER_PARAM) || t('yourProvider'),
      ) ?? null,
  );
  // A step that finds no interaction for this browser ends the page: nothing here can go on.
  const [gone, setGone] = useState(false);
  // Once an answer is followed the page only waits for the browser to leave.
  const [leaving, setLeaving] = useState(false);

  // A user with two-factor sign-in on is asked for the code after the password.
  const [needsCode, setNeedsCode] = useState(false);

  /** Posts a step and follows its answer; false when it failed and the page says why. */
  const run = async (next: InteractionStep): Promise<boolean> => {
    setError(null);
    try {
      const { redirectTo } = await step.mutateAsync(next);
      const target = sameOriginRedirect(redirectTo, window.location.origin);
      if (!target) {
        setError(t('unsafeRedirect'));
        return false;
      }
      setLeaving(true);
      browserLocation.assign(target);
      return true;
    } catch (e) {
      if (isApiError(e) && e.code === ERROR_CODES.SECOND_FACTOR_REQUIRED && !needsCode) {
        setNeedsCode(true);
        return false;
      }
      if (isInteractionGone(e)) {
        setGone(true);
        return false;
      }
      setError(interactionErrorText(e, texts));
      return false;
    }
  };

  // The handoff is posted once, when the interaction asks for a sign-in.
  const posted = useRef(false);
  const prompt = details.data?.prompt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: posts once, when the interaction has loaded; `run` is new every render
  useEffect(() => {
    if (!handoff || prompt !== 'login' || posted.current) return;
    posted.current = true;
    void run({ kind: 'login', credentials: { federated: handoff } });
  }, [handoff, prompt]);

  if (!uid) return <Problem text={t('noInteraction')} />;
  if (gone) return <Problem text={say(OIDC_MESSAGES.interactionGone)} />;
  if (details.isPending) {
    return (
      <AuthCard title={t('signIn')}>
        <div role="status">{t('loading')}</div>
      </AuthCard>
    );
  }
  if (details.isError) return <Problem text={say(interactionErrorText(details.error, texts))} />;

  const busy = step.isPending || leaving;
  const info = details.data;
  return (
    <AuthCard
      title={
        info.prompt === 'login'
          ? t('signInTo', { application: info.applicationName })
          : t('allow', { client: info.clientName })
      }
    >
      {error && <Notice type="error" showIcon title={say(error)} style={{ marginBottom: 16 }} />}
      {info.prompt === 'login' ? (
        handoff ? (
          <FederatedStep
            handoff={handoff}
            busy={busy}
            onStep={run}
            needsCode={needsCode}
            failed={error !== null}
            // A handoff that did not sign in leaves the other ways to.
            onOtherWay={() => setParams({ uid }, { replace: true })}
          />
        ) : (
          <LoginStep
            info={info}
            uid={uid}
            busy={busy}
            onStep={run}
            needsCode={needsCode}
            onError={setError}
          />
        )
      ) : (
        <ConsentStep info={info} busy={busy} onStep={run} />
      )}
    </AuthCard>
  );
}

function Problem({ text }: { text: string }) {
  const t = useOAuthMessages();
  return (
    <AuthCard title={t('cannotGoOn')}>
      <Notice type="error" showIcon title={text} />
    </AuthCard>
  );
}

type StepProps = {
  info: InteractionDetails;
  busy: boolean;
  onStep: (step: InteractionStep) => Promise<boolean>;
};

/**
 * A console session signs in with one click; otherwise, or for another account, the form,
 * which asks for the two-factor code too once the server has said the account needs one.
 */
function LoginStep({
  info,
  uid,
  busy,
  onStep,
  needsCode,
  onError,
}: StepProps & { uid: string; needsCode: boolean; onError: (shown: Shown | null) => void }) {
  const t = useOAuthMessages();
  const [form] = Form.useForm<InteractionLogin & object>();
  const required = [{ required: true, whitespace: true, message: t('required') }];
  const current = getToken() ? getCurrentUser() : null;
  const [useForm, setUseForm] = useState(current === null);
  // A console session that has ended meanwhile leaves the form to sign in with.
  const continueWithSession = async () => {
    if (!(await onStep({ kind: 'login' }))) setUseForm(true);
  };
  return (
    <>
      <p>{t('asksSignIn', { client: info.clientName, application: info.applicationName })}</p>
      {useForm ? (
        <Form<InteractionLogin & object>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={busy}
          onFinish={(credentials) => onStep({ kind: 'login', credentials })}
        >
          <Form.Item label={t('username')} name="username" rules={required}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('password')} name="password" rules={required}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {needsCode && (
            <Form.Item label={t('code')} name="code" rules={required} extra={t('codeHint')}>
              <Input autoComplete="one-time-code" autoFocus maxLength={64} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('signIn')}
          </Button>
          {!needsCode && (
            <Suspense fallback={null}>
              <InteractionPasskey
                disabled={busy}
                onError={onError}
                // A passkey answers for both factors; a username typed first limits it to that account's.
                username={() => form.getFieldValue('username')}
                onAnswer={(passkey) => {
                  onError(null);
                  return onStep({ kind: 'login', credentials: { passkey } });
                }}
              />
            </Suspense>
          )}
          {!needsCode && (
            <Suspense fallback={null}>
              <ProviderButtons clientId={info.clientId} target={{ interaction: uid }} disabled={busy} />
            </Suspense>
          )}
        </Form>
      ) : (
        <Flex vertical gap={8}>
          <Button type="primary" block loading={busy} onClick={continueWithSession}>
            {t('continueAs', { name: current?.name || current?.username || '' })}
          </Button>
          <Button block disabled={busy} onClick={() => setUseForm(true)}>
            {t('anotherAccount')}
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
        {t('cancel')}
      </Button>
    </>
  );
}

/**
 * Back from an identity provider: the handoff is posted as the sign-in, and, for a user with
 * two-factor sign-in on, again with the code the server asked for.
 */
function FederatedStep({
  handoff,
  busy,
  onStep,
  needsCode,
  failed,
  onOtherWay,
}: Omit<StepProps, 'info'> & {
  handoff: string;
  needsCode: boolean;
  failed: boolean;
  onOtherWay: () => void;
}) {
  const t = useOAuthMessages();
  const required = [{ required: true, whitespace: true, message: t('required') }];
  if (!needsCode)
    return !failed ? (
      <div role="status">{t('signingIn')}</div>
    ) : (
      <Button block onClick={onOtherWay}>
        {t('otherWays')}
      </Button>
    );
  return (
    <Form<{ code: string }>
      layout="vertical"
      requiredMark={false}
      disabled={busy}
      onFinish={({ code }) => onStep({ kind: 'login', credentials: { federated: handoff, code } })}
    >
      <Form.Item label={t('code')} name="code" rules={required} extra={t('codeHint')}>
        <Input autoComplete="one-time-code" autoFocus maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('signIn')}
      </Button>
    </Form>
  );
}

/** The scopes by what they reveal; the answer is remembered for this client. */
function ConsentStep({ info, busy, onStep }: StepProps) {
  const t = useOAuthMessages();
  // An unknown scope shows as it is; a known one says what it reveals.
  const describe = (scope: string) =>
    KNOWN_SCOPES.has(scope)
      ? t(`scope.${scope}` as 'scope.openid', { application: info.applicationName })
      : scope;
  return (
    <>
      <p>{t('asksAccess', { client: info.clientName, application: info.applicationName })}</p>
      <ul aria-label={t('requestedAccess')}>
        {info.scopes.map((scope) => (
          <li key={scope}>
            {describe(scope)} <code>{scope}</code>
          </li>
        ))}
      </ul>
      <p style={{ opacity: 0.75 }}>{t('remembered')}</p>
      <Flex gap={8} justify="flex-end">
        <Button disabled={busy} onClick={() => onStep({ kind: 'abort' })}>
          {t('deny')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => onStep({ kind: 'consent' })}>
          {t('allowButton')}
        </Button>
      </Flex>
    </>
  );
}
