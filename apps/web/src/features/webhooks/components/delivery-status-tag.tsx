import type { DeliveryStatus } from '@gatehouse/contract';
import { RowTag } from '@/components/row-controls';
import { useWebhooksT } from '../messages';

const COLOURS = { PENDING: undefined, SUCCEEDED: 'green', FAILED: 'red' } as const;

/** A delivery's status: green once delivered, red once given up, neutral while pending. */
export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  const t = useWebhooksT();
  return <RowTag colour={COLOURS[status]}>{t(status)}</RowTag>;
}
