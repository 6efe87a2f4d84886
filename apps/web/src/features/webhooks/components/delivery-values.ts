import type { WebhookDelivery } from '@gatehouse/contract';

/** How often a delivery still pending is asked for again while the user watches it. */
export const POLL_EVERY_MS = 1000;
/**
 * How long it is watched: a receiver answers a test within seconds or fails, and one waiting
 * for a later try (minutes away) is left to the Refresh button.
 */
export const POLL_FOR_MS = 30_000;

/**
 * When to ask for a delivery again (react-query's `refetchInterval`): every second while it is
 * PENDING and was sent less than POLL_FOR_MS before `now`; false once it has finished or the
 * time is up.
 */
export function pollInterval(
  delivery: Pick<WebhookDelivery, 'status' | 'createdDate'> | undefined,
  now: number = Date.now(),
): number | false {
  if (delivery?.status !== 'PENDING') return false;
  const created = Date.parse(delivery.createdDate);
  if (Number.isNaN(created) || now - created > POLL_FOR_MS) return false;
  return POLL_EVERY_MS;
}

/** Whether any of `deliveries` is worth asking for again now: one pending and recent (see pollInterval). */
export function listPollInterval(
  deliveries: readonly Pick<WebhookDelivery, 'status' | 'createdDate'>[] | undefined,
  now: number = Date.now(),
): number | false {
  return deliveries?.some((d) => pollInterval(d, now) !== false) ? POLL_EVERY_MS : false;
}

/** A delivery may be sent again once it has finished: delivered or given up (the server refuses a pending one). */
export const canRedeliver = (delivery: Pick<WebhookDelivery, 'status'>) => delivery.status !== 'PENDING';

/** A payload or body as the detail shows it: JSON indented, a text that is JSON too, any other text as it is. */
export function prettyBody(body: unknown): string {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return JSON.stringify(body, null, 2);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A moment of the delivery log in local time to the second (YYYY/MM/DD HH:mm:ss), as tries a
 * few seconds apart need; undefined for none.
 */
export function formatMoment(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  const day = `${at.getFullYear()}/${twoDigits(at.getMonth() + 1)}/${twoDigits(at.getDate())}`;
  return `${day} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
}
