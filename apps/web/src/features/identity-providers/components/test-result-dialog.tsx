import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { ProviderTestResult } from '@gatehouse/contract';
import { Button, Modal } from 'antd';
import { Notice } from '@/components/notice';
import { Spinner } from '@/components/placeholders';
import { useProvidersT } from '../messages';

export type TestResultDialogProps = {
  open: boolean;
  name: string;
  /** Undefined while the test runs. */
  result: ProviderTestResult | undefined;
  onClose: () => void;
};

/** The steps of a provider's test, each passed or failed with what it found. */
export function TestResultDialog({ open, name, result, onClose }: TestResultDialogProps) {
  const t = useProvidersT();
  return (
    <Modal
      open={open}
      title={t('testTitle', { name })}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
    >
      {result === undefined ? (
        <Spinner label={t('testRunning')} />
      ) : (
        <>
          <Notice
            type={result.ok ? 'success' : 'error'}
            showIcon
            title={result.ok ? t('testPassed') : t('testFailedSteps')}
            style={{ marginBottom: 16 }}
          />
          <ol aria-label={t('testTitle', { name })} style={{ paddingInlineStart: 20 }}>
            {result.steps.map((step, i) => (
              // Steps are told apart by their order; a step may repeat (two certificates).
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once per result and never reordered
              <li key={i} data-ok={step.ok} style={{ marginBottom: 8 }}>
                {step.ok ? (
                  <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('stepPassed')} />
                ) : (
                  <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label={t('stepFailed')} />
                )}{' '}
                <strong>{step.step}</strong>
                {step.detail && <div style={{ opacity: 0.8, wordBreak: 'break-word' }}>{step.detail}</div>}
              </li>
            ))}
          </ol>
        </>
      )}
    </Modal>
  );
}
