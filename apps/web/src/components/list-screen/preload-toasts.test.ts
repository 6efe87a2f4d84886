import { HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import { QueryObserver, queryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureHttp, type Shown } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { stubHttp } from '@/test/support';
import { prefetchForScreen } from './preload';

const notify = vi.fn<(message: Shown, leaving?: boolean) => void>();
let server: ReturnType<typeof stubHttp>;

/** The server answers the screen's first calls with `statuses` in turn, then its rows. */
function serve(...statuses: number[]) {
  server = stubHttp(() => {
    const status = statuses.shift();
    return status ? { status, data: { code: 'X', message: 'x' } } : { data: { rows: ['a'] } };
  });
}

// A 5xx is asked again once, here after `retryDelay` ms rather than a second.
const rows = (retryDelay = 20) =>
  queryOptions({
    queryKey: ['things', 'list'],
    queryFn: ({ signal }) => api.get<{ rows: string[] }>('/things', { signal }),
    retryDelay,
  });

/** The screen, as far as the query cache sees it: an observer of its rows, mounted now. */
function mountScreen() {
  const observer = new QueryObserver(queryClient, rows());
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unmount: unsubscribe };
}

const settled = (observer: ReturnType<typeof mountScreen>['observer']) =>
  vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));

beforeEach(() => {
  notify.mockReset();
  configureHttp({ notify });
});

afterEach(() => {
  server.restore();
  queryClient.clear();
});

describe('a screen’s first calls, asked for by its route (spec §8)', () => {
  it('show each failure’s toast once, while the screen waits for them', async () => {
    serve(503, 403);
    prefetchForScreen(rows());
    const screen = mountScreen();
    await settled(screen.observer);
    expect(screen.observer.getCurrentResult().isError).toBe(true);
    expect(notify.mock.calls).toEqual([[HTTP_STATUS_MESSAGES[503]], [HTTP_STATUS_MESSAGES[403]]]);
    expect(server.calls).toHaveLength(2);
    screen.unmount();
  });

  it('show a failure that came before the screen, once it waits for the retry', async () => {
    serve(503, 403);
    prefetchForScreen(rows(300));
    await vi.waitFor(() => expect(queryClient.getQueryState(rows().queryKey)?.fetchFailureCount).toBe(1), {
      interval: 5,
    });
    expect(notify).not.toHaveBeenCalled();
    const screen = mountScreen();
    expect(notify.mock.calls).toEqual([[HTTP_STATUS_MESSAGES[503]]]);
    await settled(screen.observer);
    expect(notify.mock.calls).toEqual([[HTTP_STATUS_MESSAGES[503]], [HTTP_STATUS_MESSAGES[403]]]);
    screen.unmount();
  });

  it('leave a failure that ended before the screen came to the screen’s own call: one toast', async () => {
    serve(403, 403);
    prefetchForScreen(rows());
    await vi.waitFor(() => expect(queryClient.getQueryState(rows().queryKey)?.status).toBe('error'));
    expect(notify).not.toHaveBeenCalled();
    const screen = mountScreen();
    await settled(screen.observer);
    expect(server.calls).toHaveLength(2);
    expect(notify.mock.calls).toEqual([[HTTP_STATUS_MESSAGES[403]]]);
    screen.unmount();
  });

  it('show nothing for a call that succeeds', async () => {
    serve();
    prefetchForScreen(rows());
    const screen = mountScreen();
    await settled(screen.observer);
    expect(screen.observer.getCurrentResult().data).toEqual({ rows: ['a'] });
    expect(notify).not.toHaveBeenCalled();
    screen.unmount();
  });
});
