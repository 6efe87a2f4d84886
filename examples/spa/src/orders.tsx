import { useApiFetch } from '@gatehouse/react';
import { useState } from 'react';

type Order = { id: number; item: string; status: string };

/** A line for an answer the API refused: its status and RFC 6750 error. */
async function refusal(res: Response): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as { error?: string; error_description?: string };
  return `${res.status} ${body.error ?? res.statusText}${body.error_description ? `: ${body.error_description}` : ''}`;
}

/**
 * The orders of examples/api, called with a JWT access token for the application's APIs
 * (`useApiFetch`): the list needs `orders` with `retrieve`, shipping an order `update`.
 * Whatever the API answers is shown, a 403 included.
 */
export function Orders({ api, resource }: { api: string; resource: string }) {
  const apiFetch = useApiFetch(resource);
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const load = async () => {
    const res = await apiFetch(new URL('orders', api));
    if (!res.ok) return setOutcome(await refusal(res));
    setOrders((await res.json()) as Order[]);
    setOutcome(`${res.status} OK`);
  };
  const ship = async (order: Order) => {
    const res = await apiFetch(new URL(`orders/${order.id}`, api), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'shipped' }),
    });
    if (!res.ok) return setOutcome(await refusal(res));
    const shipped = (await res.json()) as Order;
    setOrders((all) => all?.map((o) => (o.id === shipped.id ? shipped : o)) ?? null);
    setOutcome(`${res.status} OK`);
  };
  const attempt = (action: () => Promise<unknown>) => () => {
    action().catch((e: unknown) => setOutcome(e instanceof Error ? e.message : String(e)));
  };

  return (
    <section aria-label="Orders">
      <h2>Orders</h2>
      <button type="button" onClick={attempt(load)}>
        Load orders
      </button>
      <p data-testid="orders-outcome">{outcome ?? '--'}</p>
      {orders && (
        <ul>
          {orders.map((order) => (
            <li key={order.id}>
              {order.item}, <span data-testid={`order-${order.id}-status`}>{order.status}</span>{' '}
              <button type="button" onClick={attempt(() => ship(order))}>
                Ship {order.item}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
