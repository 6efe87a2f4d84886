import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type Webhook,
  type WebhookDelivery,
} from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Select } from 'antd';
import { useMemo, useState } from 'react';
import type { Column } from '@/components/data-table';
import { EMPTY_CELL } from '@/components/empty-cell';
import { PagedTable } from '@/components/paged-table';
import { RowButton, RowControls } from '@/components/row-controls';
import { AccessDisable } from '@/lib/access';
import { WEBHOOK_CODES } from '../access-codes';
import { deliveriesQueryOptions } from '../api/list-deliveries';
import { useWebhooksT, type WebhooksKey } from '../messages';
import { DeliveryDetail } from './delivery-detail';
import { DeliveryStatusTag } from './delivery-status-tag';
import { formatMoment, listPollInterval } from './delivery-values';

export type DeliveriesDrawerProps = {
  /** The webhook whose log shows; the drawer is open while there is one. */
  webhook: Webhook | undefined;
  /** The delivery shown in full; the log when none. */
  deliveryId: string | undefined;
  onShowDelivery: (deliveryId: string | undefined) => void;
  /** Sends a test event and shows its delivery (the screen's, shared with the row action). */
  onSendTest: (webhook: Webhook) => Promise<void>;
  sendingTest: boolean;
  onClose: () => void;
};

/**
 * A webhook's delivery log (issue 28): its deliveries, newest first, filtered by status and
 * refreshed on demand (and every second while a recent one is pending), each opening in full.
 * "Send test event" sends one to this webhook alone and opens its delivery.
 */
export function DeliveriesDrawer({
  webhook,
  deliveryId,
  onShowDelivery,
  onSendTest,
  sendingTest,
  onClose,
}: DeliveriesDrawerProps) {
  const t = useWebhooksT();
  return (
    <Drawer
      open={webhook !== undefined}
      onClose={onClose}
      title={webhook ? t('deliveriesOf', { name: webhook.name }) : t('deliveries')}
      size={960}
      // The log of another webhook starts afresh.
      destroyOnHidden
      closable={{ 'aria-label': t('close') }}
      extra={
        webhook && (
          <AccessDisable code={WEBHOOK_CODES.update} action="update">
            <Button icon={<SendOutlined />} loading={sendingTest} onClick={() => onSendTest(webhook)}>
              {t('sendTest')}
            </Button>
          </AccessDisable>
        )
      }
    >
      {webhook &&
        (deliveryId ? (
          <DeliveryDetail
            key={deliveryId}
            webhookId={webhook.webhookId}
            deliveryId={deliveryId}
            onBack={() => onShowDelivery(undefined)}
            onShow={onShowDelivery}
          />
        ) : (
          <DeliveryLog key={webhook.webhookId} webhookId={webhook.webhookId} onShow={onShowDelivery} />
        ))}
    </Drawer>
  );
}

const column = (
  key: WebhooksKey,
  t: (key: WebhooksKey, options?: Record<string, string | number>) => string,
  extra: Column<WebhookDelivery>,
): Column<WebhookDelivery> => ({ key, title: t(key), ...extra });

/** The log's table, with its status filter, Refresh and pager; kept while a delivery shows in full. */
function DeliveryLog({ webhookId, onShow }: { webhookId: string; onShow: (deliveryId: string) => void }) {
  const t = useWebhooksT();
  const [status, setStatus] = useState<DeliveryStatus | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  // Its own flag rather than the query's: a pending delivery's polling should not spin the button.
  const [refreshing, setRefreshing] = useState(false);
  const rows = useQuery({
    ...deliveriesQueryOptions({ webhookId, ...paging, status }),
    refetchInterval: (query) => listPollInterval(query.state.data?.items),
  });
  const columns = useMemo((): Column<WebhookDelivery>[] => {
    const ms = (value: number | null) => (value === null ? EMPTY_CELL : t('milliseconds', { ms: value }));
    return [
      column('eventType', t, { dataIndex: 'eventType', ellipsis: true }),
      column('deliveryStatus', t, {
        dataIndex: 'status',
        width: 110,
        render: (_, d) => <DeliveryStatusTag status={d.status} />,
      }),
      column('responseCode', t, {
        dataIndex: 'responseCode',
        width: 100,
        render: (_, d) => d.responseCode ?? EMPTY_CELL,
      }),
      column('duration', t, { dataIndex: 'durationMs', width: 100, render: (_, d) => ms(d.durationMs) }),
      column('attempts', t, { dataIndex: 'attempts', width: 90 }),
      column('nextAttempt', t, {
        dataIndex: 'nextAttemptAt',
        width: 170,
        render: (_, d) => formatMoment(d.nextAttemptAt) ?? EMPTY_CELL,
      }),
      column('time', t, {
        dataIndex: 'createdDate',
        width: 170,
        render: (_, d) => formatMoment(d.createdDate) ?? EMPTY_CELL,
      }),
      {
        key: 'action',
        title: t('view'),
        width: 80,
        render: (_, d) => (
          <RowControls>
            <RowButton
              look="link"
              onClick={() => onShow(d.deliveryId)}
              aria-label={`${t('view')} ${d.eventType}`}
            >
              {t('view')}
            </RowButton>
          </RowControls>
        ),
      },
    ];
  }, [t, onShow]);

  const empty = rows.isError ? (
    <Empty description={t('loadFailed')}>
      <Button onClick={() => rows.refetch()}>{t('retry')}</Button>
    </Empty>
  ) : (
    <Empty description={status ? t('noDeliveriesMatch') : t('noDeliveries')} />
  );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Select<DeliveryStatus>
          aria-label={t('filterStatus')}
          placeholder={t('anyStatus')}
          allowClear
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(s) }))}
          style={{ width: 180 }}
        />
        <Button
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={() => {
            setRefreshing(true);
            void rows.refetch().finally(() => setRefreshing(false));
          }}
        >
          {t('refresh')}
        </Button>
      </Flex>
      <PagedTable<WebhookDelivery>
        label={t('deliveryLabel')}
        rowKey="deliveryId"
        columns={columns}
        data={rows.data?.items ?? []}
        total={rows.data?.total ?? 0}
        page={paging.page}
        size={paging.size}
        loading={rows.isLoading || rows.isPlaceholderData}
        onChange={(page, size) => setPaging({ page, size })}
        emptyText={empty}
      />
    </Flex>
  );
}
