import type { Webhook, WebhookSecret } from '@gatehouse/contract';
import { type ReactNode, useState } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { formatDateTime } from '@/components/list-screen/columns';
import { ListScreen } from '@/components/list-screen/list-screen';
import { RowTag } from '@/components/row-controls';
import type { SearchField } from '@/components/search-bar';
import { useToast } from '@/components/use-toast';
import { WEBHOOK_CODES } from '../access-codes';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { type WebhookScope, webhooksQueryOptions } from '../api/list-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestEvent } from '../api/send-test-event';
import { useSetWebhookStatus } from '../api/set-webhook-status';
import { useUpdateWebhook } from '../api/update-webhook';
import { useWebhooksT, type WebhooksKey, webhooksText } from '../messages';
import { DeliveriesDrawer } from './deliveries-drawer';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { eventsShown, type WebhookFormValues, webhookBody, webhookState } from './webhook-values';

const WebhookForm = lazyForm(() => import('./webhook-form').then((m) => m.WebhookForm));

/** The list searches by its keyword alone (name, URL and description on the server): the general search's "All". */
export const WEBHOOK_SEARCH_FIELDS: SearchField[] = [];

const titled = (key: WebhooksKey, column: Column<Webhook>): Column<Webhook> =>
  Object.defineProperty(column, 'title', { get: () => webhooksText(key), enumerable: true });

const STATE_TAGS = {
  enabled: { colour: 'green', text: 'enabled' },
  failing: { colour: 'green', text: 'enabled' },
  disabled: { colour: 'red', text: 'disabled' },
  disabledFailing: { colour: 'red', text: 'disabledFailing' },
} as const;

/** Name, URL, Events, Status (and why a disabled one is), Failing since and Last modified. */
export const WEBHOOK_COLUMNS: Column<Webhook>[] = [
  titled('name', { dataIndex: 'name', width: 140, ellipsis: true }),
  titled('url', { dataIndex: 'url', ellipsis: true }),
  titled('events', {
    dataIndex: 'events',
    width: 200,
    render: (_, { events }) => {
      const { shown, more } = eventsShown(events);
      return (
        <span title={events.join(', ')} style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {shown.map((event) => (
            <RowTag key={event}>{event}</RowTag>
          ))}
          {more > 0 && <RowTag>{webhooksText('moreEvents', { count: more })}</RowTag>}
        </span>
      );
    },
  }),
  titled('status', {
    key: 'status',
    width: 120,
    render: (_, webhook) => {
      const state = webhookState(webhook);
      const tag = STATE_TAGS[state];
      return (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <RowTag colour={tag.colour}>{webhooksText(tag.text)}</RowTag>
          {state === 'failing' && (
            <span title={webhooksText('failingTitle', { since: formatDateTime(webhook.failingSince) })}>
              <RowTag colour="red">{webhooksText('failing')}</RowTag>
            </span>
          )}
        </span>
      );
    },
  }),
  titled('failingSince', {
    key: 'failingSince',
    width: 120,
    render: (_, webhook) => formatDateTime(webhook.failingSince),
  }),
  // By key rather than field: a column named by a sort field (lastModifiedDate) offers that
  // sort, and the server's webhook list keeps one order.
  titled('lastModified', {
    key: 'lastModified',
    width: 120,
    render: (_, webhook) => formatDateTime(webhook.lastModifiedDate),
  }),
];

export type WebhookListScreenProps = WebhookScope & {
  /** The card's title: the route's English title on System › Webhooks, the tab's text on Application Detail. */
  title: string;
  header?: ReactNode;
};

type Shown = { open: boolean; created?: WebhookSecret; rotated?: boolean };

/**
 * The webhooks of a scope (issue 28): the platform's on System › Webhooks, or an application's
 * on its Application Detail, where new ones are that application's. Create and edit in one
 * form; the signing secret shown once after a create or a rotation; enable, disable and delete
 * asking first; a test event; and each webhook's delivery log in a drawer.
 */
export function WebhookListScreen({ appId, title, header }: WebhookListScreenProps) {
  const t = useWebhooksT();
  const toast = useToast();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const setStatus = useSetWebhookStatus();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestEvent();
  const [secret, setSecret] = useState<Shown>({ open: false });
  const [log, setLog] = useState<{ webhook?: Webhook; deliveryId?: string }>({});

  /** Sends a test event and opens its delivery, which shows its answer as it comes. */
  const test = async (webhook: Webhook) => {
    try {
      const delivery = await sendTest.mutateAsync(webhook.webhookId);
      toast.success(t('testSent'));
      setLog({ webhook, deliveryId: delivery.deliveryId });
    } catch (error) {
      // The HTTP client has shown the failure.
      console.debug('Sending a test event failed', error);
    }
  };

  /** Asks first; the new secret is in the answer only, so it is shown at once. */
  const confirmRotate = (webhook: Webhook) =>
    confirmDialog({
      title: t('rotateTitle', { name: webhook.name }),
      content: t('rotateText'),
      okText: t('rotateSecret'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          const rotated = await rotate.mutateAsync(webhook.webhookId);
          setSecret({ open: true, created: rotated, rotated: true });
        } catch (error) {
          // The HTTP client has shown the failure.
          console.debug('Rotating the secret failed', error);
        }
      },
    });

  return (
    <>
      <ListScreen<Webhook, WebhookFormValues, WebhookScope, never, WebhookSecret>
        title={title}
        names={{ one: t('webhookOne'), many: t('webhookMany') }}
        header={header}
        scope={{ appId }}
        fields={WEBHOOK_SEARCH_FIELDS}
        list="webhooks"
        audit={{ entity: 'webhook' }}
        nameOf={(webhook) => webhook.name}
        rows={webhooksQueryOptions}
        rowKey="webhookId"
        columns={WEBHOOK_COLUMNS}
        create={{
          code: WEBHOOK_CODES.create,
          save: (values, { scope }) =>
            create.mutateAsync({
              ...webhookBody(values),
              ...(scope.appId === null ? {} : { applicationId: scope.appId }),
            }),
          // The secret is in this answer only, so it is shown now.
          onCreated: (created) => setSecret({ open: true, created }),
        }}
        update={{
          code: WEBHOOK_CODES.update,
          save: (values, { webhookId }) => update.mutateAsync({ webhookId, ...webhookBody(values) }),
        }}
        toggle={{
          code: WEBHOOK_CODES.status,
          subject: () => 'webhook',
          status: (webhook) => (webhook.enabled ? 'ENABLED' : 'DISABLED'),
          consequence: (_, next) => t(next === 'ENABLED' ? 'enableConsequence' : 'disableConsequence'),
          onToggle: ({ webhookId }, status) => setStatus.mutateAsync({ webhookId, status }),
        }}
        remove={{
          code: WEBHOOK_CODES.delete,
          subject: t('webhookOne'),
          description: () => t('deleteText'),
          onDelete: ({ webhookId }) => remove.mutateAsync(webhookId),
        }}
        rowActions={[
          { key: 'deliveries', label: t('deliveries'), onClick: (webhook) => setLog({ webhook }) },
          { key: 'test', label: t('sendTest'), code: WEBHOOK_CODES.update, changes: true, onClick: test },
          {
            key: 'rotate-secret',
            label: t('rotateSecret'),
            code: WEBHOOK_CODES.update,
            changes: true,
            onClick: confirmRotate,
          },
        ]}
        form={(props) => <WebhookForm {...props} />}
      />
      <WebhookSecretDialog
        open={secret.open}
        created={secret.created}
        title={secret.rotated ? t('secretRotated') : undefined}
        onClose={() => setSecret((s) => ({ ...s, open: false }))}
        // The secret is not kept around once the user has closed the dialog.
        afterClose={() => setSecret({ open: false })}
      />
      <DeliveriesDrawer
        webhook={log.webhook}
        deliveryId={log.deliveryId}
        onShowDelivery={(deliveryId) => setLog((l) => ({ ...l, deliveryId }))}
        onSendTest={test}
        sendingTest={sendTest.isPending}
        onClose={() => setLog({})}
      />
    </>
  );
}
