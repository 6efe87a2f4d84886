import {
  MESSAGES,
  type TwoFactorEnrolment,
  type TwoFactorProof,
  twoFactorCodeSchema,
} from '@gatehouse/contract';
import { Button, Card, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Notice } from '@/components/notice';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { isApiError, type Shown } from '@/lib/http';
import { say, useSay } from '@/lib/i18n';
import {
  useConfirmEnrolment,
  useDisableTwoFactor,
  useNewRecoveryCodes,
  useStartEnrolment,
} from './api/two-factor-changes';
import { useTwoFactorStatus } from './api/two-factor-status';
import { useTwoFactorMessages } from './messages';
import { RecoveryCodes } from './recovery-codes';

type ProofPurpose = 'disable' | 'codes';

/** A 400's field messages onto the form, else the error's text. */
function showError(
  form: { setFields: (fields: { name: never; errors: string[] }[]) => void },
  error: unknown,
  setError: (message: Shown) => void,
) {
  if (isApiError(error) && error.status === 400 && error.fields) {
    form.setFields(
      Object.entries(error.fields).map(([name, message]) => ({
        name: name as never,
        errors: [say(message)],
      })),
    );
    return;
  }
  setError(isApiError(error) ? (error.serverMessage ?? error.shown) : MESSAGES.unknownError);
}

/** Enrolment: the QR code and key, then a first code to confirm. */
function Enrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useTwoFactorMessages();
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useConfirmEnrolment();
  const [error, setError] = useState<Shown | null>(null);
  const sayNow = useSay();
  const submit = async ({ code }: { code: string }) => {
    setError(null);
    try {
      onConfirmed((await confirm.mutateAsync(code)).recoveryCodes);
    } catch (e) {
      showError(form, e, setError);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <p style={{ margin: 0 }}>{t('scan')}</p>
      <img src={enrolment.qrCode} alt={t('qrAlt')} width={220} height={220} />
      <Flex align="center" gap={4} wrap>
        <span>{t('key')}:</span>
        <Typography.Text code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Typography.Text>
        <CopyButton text={enrolment.secret} label={t('copyKey')} />
      </Flex>
      {error && <Notice type="error" showIcon title={sayNow(error)} />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={confirm.isPending}>
        <Form.Item
          label={t('code')}
          name="code"
          extra={t('codeHint')}
          rules={fieldRules(twoFactorCodeSchema, 'code')}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={10} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            {t('confirm')}
          </Button>
          <Button onClick={onCancel}>{t('cancel')}</Button>
        </Space>
      </Form>
    </Space>
  );
}

/** Turning off, or new recovery codes: a current code or the password. */
function ProofDialog({
  purpose,
  onDone,
  onClose,
}: {
  purpose: ProofPurpose;
  onDone: (codes?: string[]) => void;
  onClose: () => void;
}) {
  const t = useTwoFactorMessages();
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const disable = useDisableTwoFactor();
  const codes = useNewRecoveryCodes();
  const [error, setError] = useState<Shown | null>(null);
  const sayNow = useSay();
  const pending = disable.isPending || codes.isPending;
  const submit = async (values: { code?: string; password?: string }) => {
    setError(null);
    const proof: TwoFactorProof = values.code?.trim()
      ? { code: values.code.trim() }
      : values.password
        ? { password: values.password }
        : {};
    try {
      if (purpose === 'disable') {
        await disable.mutateAsync(proof);
        onDone();
      } else {
        onDone((await codes.mutateAsync(proof)).recoveryCodes);
      }
    } catch (e) {
      showError(form, e, setError);
    }
  };
  return (
    <Modal
      open
      title={purpose === 'disable' ? t('turnOffTitle') : t('newCodesTitle')}
      okText={purpose === 'disable' ? t('turnOff') : t('newCodes')}
      okButtonProps={{ danger: purpose === 'disable', loading: pending }}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('proofIntro')}</p>
      {error && <Notice type="error" showIcon title={sayNow(error)} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={pending}>
        <Form.Item label={t('codeOrRecovery')} name="code">
          <Input autoComplete="one-time-code" maxLength={64} />
        </Form.Item>
        <Form.Item label={t('password')} name="password">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Account Security Setting's two-factor card: the state, enrolment, turning off and new
 * recovery codes. `onCodesSaved` runs once the user has saved the recovery codes shown.
 */
export function TwoFactorSection({ onCodesSaved }: { onCodesSaved?: () => void } = {}) {
  const t = useTwoFactorMessages();
  const toast = useToast();
  const status = useTwoFactorStatus();
  const start = useStartEnrolment();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const [proof, setProof] = useState<ProofPurpose | null>(null);
  const enabled = status.data?.enabled === true;

  const begin = async () => setEnrolment(await start.mutateAsync());

  return (
    <Card
      type="inner"
      title={
        <Space>
          {t('title')}
          {status.data && <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('on') : t('off')}</Tag>}
        </Space>
      }
      loading={status.isPending}
      style={{ maxWidth: 520 }}
    >
      {shownCodes ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('recoveryTitle')}
          </Typography.Title>
          <RecoveryCodes codes={shownCodes} />
          <Button
            type="primary"
            onClick={() => {
              setShownCodes(null);
              onCodesSaved?.();
            }}
          >
            {t('saved')}
          </Button>
        </Space>
      ) : enabled ? (
        <Space direction="vertical" size="middle">
          <span>
            {t('enabledSince', {
              date: new Date(status.data!.enabledAt!).toLocaleString(),
              count: status.data!.recoveryCodesLeft,
            })}
          </span>
          <Space>
            <Button onClick={() => setProof('codes')}>{t('newCodes')}</Button>
            <Button danger onClick={() => setProof('disable')}>
              {t('turnOff')}
            </Button>
          </Space>
        </Space>
      ) : enrolment ? (
        <Enrolment
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(codes) => {
            setEnrolment(null);
            setShownCodes(codes);
            toast.success(t('turnedOn'));
          }}
        />
      ) : (
        <Space direction="vertical" size="middle">
          <span>{t('offIntro')}</span>
          <Button type="primary" onClick={begin} loading={start.isPending}>
            {t('turnOn')}
          </Button>
        </Space>
      )}
      {proof && (
        <ProofDialog
          purpose={proof}
          onClose={() => setProof(null)}
          onDone={(codes) => {
            setProof(null);
            if (codes) setShownCodes(codes);
            else toast.success(t('turnedOff'));
          }}
        />
      )}
    </Card>
  );
}
