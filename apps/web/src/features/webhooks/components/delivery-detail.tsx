import { ArrowLeftOutlined, RedoOutlined } from '@ant-design/icons';
import type { WebhookDeliveryDetail } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, Spin, Typography } from 'antd';
import { CopyButton } from '@/components/copy-button';
import { EMPTY_CELL } from '@/components/empty-cell';
import { useToast } from '@/components/use-toast';
import { AccessDisable } from '@/lib/access';
import { WEBHOOK_CODES } from '../access-codes';
import { deliveryQueryOptions } from '../api/get-delivery';
import { useRedeliver } from '../api/redeliver';
import { useWebhooksT } from '../messages';
import { DeliveryStatusTag } from './delivery-status-tag';
import { canRedeliver, formatMoment, pollInterval, prettyBody } from './delivery-values';

export type DeliveryDetailProps = {
  webhookId: string;
  deliveryId: string;
  /** Back to the delivery log. */
  onBack: () => void;
  /** Shows another delivery: the one a redelivery made. */
  onShow: (deliveryId: string) => void;
};

/**
 * A text that may be long (a payload, a response body): it scrolls, and browsers let the
 * keyboard reach a scrolling element to scroll it.
 */
function Body({ text }: { text: string }) {
  return (
    <pre
      style={{
        maxHeight: 320,
        overflow: 'auto',
        margin: 0,
        padding: 12,
        borderRadius: 6,
        background: 'var(--ant-color-fill-quaternary, rgba(0, 0, 0, 0.02))',
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {text}
    </pre>
  );
}

/**
 * One delivery in full: its tries, what was sent (the payload) and the start of what came
 * back. A pending one is asked for again every second for a short while, so a test event's
 * answer shows as it arrives. A finished one can be sent again, as a new delivery.
 */
export function DeliveryDetail({ webhookId, deliveryId, onBack, onShow }: DeliveryDetailProps) {
  const t = useWebhooksT();
  const toast = useToast();
  const redeliver = useRedeliver();
  const delivery = useQuery({
    ...deliveryQueryOptions(webhookId, deliveryId),
    refetchInterval: (query) => pollInterval(query.state.data),
  });
  const data: WebhookDeliveryDetail | undefined = delivery.data;
  const ms = (value: number | null) => (value === null ? EMPTY_CELL : t('milliseconds', { ms: value }));

  const again = async () => {
    try {
      const next = await redeliver.mutateAsync({ webhookId, deliveryId });
      toast.success(t('redelivered'));
      onShow(next.deliveryId);
    } catch (error) {
      // The HTTP client has shown the failure (a 409 for one still pending).
      console.debug('Redelivery failed', error);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          {t('back')}
        </Button>
        {data && (
          <AccessDisable code={WEBHOOK_CODES.update} action="update">
            <Button
              icon={<RedoOutlined />}
              onClick={again}
              loading={redeliver.isPending}
              disabled={!canRedeliver(data)}
              title={canRedeliver(data) ? undefined : t('redeliverHelp')}
            >
              {t('redeliver')}
            </Button>
          </AccessDisable>
        )}
      </Flex>
      {delivery.isError && !data ? (
        <Empty description={t('detailFailed')}>
          <Button onClick={() => delivery.refetch()}>{t('retry')}</Button>
        </Empty>
      ) : !data ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered title={t('deliveryDetail')}>
            <Descriptions.Item label={t('eventType')}>{data.eventType}</Descriptions.Item>
            <Descriptions.Item label={t('deliveryStatus')}>
              <Flex gap={8} align="center">
                <DeliveryStatusTag status={data.status} />
                {pollInterval(data) !== false && (
                  <Typography.Text type="secondary" role="status">
                    <Spin size="small" /> {t(data.attempts === 0 ? 'stillPending' : 'retrying')}
                  </Typography.Text>
                )}
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('responseCode')}>{data.responseCode ?? EMPTY_CELL}</Descriptions.Item>
            <Descriptions.Item label={t('duration')}>{ms(data.durationMs)}</Descriptions.Item>
            <Descriptions.Item label={t('attempts')}>{data.attempts}</Descriptions.Item>
            <Descriptions.Item label={t('time')}>
              {formatMoment(data.createdDate) ?? EMPTY_CELL}
            </Descriptions.Item>
            <Descriptions.Item label={t('lastAttempt')}>
              {formatMoment(data.lastAttemptAt) ?? EMPTY_CELL}
            </Descriptions.Item>
            <Descriptions.Item label={t('nextAttempt')}>
              {formatMoment(data.nextAttemptAt) ?? EMPTY_CELL}
            </Descriptions.Item>
            <Descriptions.Item label={t('messageId')} span={2}>
              <Flex align="center" gap={4}>
                <Typography.Text code>{data.messageId}</Typography.Text>
                <CopyButton text={data.messageId} />
              </Flex>
            </Descriptions.Item>
            {data.error && (
              <Descriptions.Item label={t('error')} span={2}>
                <Typography.Text type="danger">{data.error}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <section>
            <Typography.Title level={5}>{t('payload')}</Typography.Title>
            <Body text={prettyBody(data.payload)} />
          </section>
          <section>
            <Typography.Title level={5}>{t('responseBody')}</Typography.Title>
            {data.responseBody ? (
              <Body text={prettyBody(data.responseBody)} />
            ) : (
              <Typography.Text type="secondary">{EMPTY_CELL}</Typography.Text>
            )}
          </section>
        </>
      )}
    </Flex>
  );
}
