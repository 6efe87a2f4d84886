import {
  formatMessage,
  HTTP_STATUS_MESSAGES,
  MESSAGES,
  type Message,
  m,
  REQUEST_TIMEOUT_MS,
  STORAGE_KEYS,
  TWO_FACTOR_MESSAGES,
} from '@gatehouse/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  configureHttp,
  LOGIN_INTERCEPTION_PATH,
  loginInterceptionPath,
  type PreparedRequest,
  quietly,
  type Shown,
  setTransport,
  type TransportResponse,
} from './http';
import { clearSession, saveSession, sessionWasLost } from './session';
import { storage } from './storage';

type Reply = TransportResponse | { error: () => unknown };

/** An error body as the server sends it: the message's key and parameters, and its English text. */
const body = (code: string, message: Message, rest: object = {}) => ({
  code,
  message: formatMessage(message),
  key: message.key,
  ...(message.params ? { params: message.params } : {}),
  ...rest,
});
/** A field's entry in an error body. */
const field = (name: string, message: Message) => ({
  field: name,
  key: message.key,
  ...(message.params ? { params: message.params } : {}),
  message: formatMessage(message),
});

/** A transport stub: records what would be sent and answers when the test says so. */
function stubTransport() {
  const sent: PreparedRequest[] = [];
  const waiting: { request: PreparedRequest; answer: (reply: Reply) => void }[] = [];
  setTransport((request) => {
    sent.push(request);
    return new Promise<TransportResponse>((resolve, reject) => {
      const answer = (reply: Reply) => {
        if ('error' in reply) reject(reply.error());
        else resolve(reply);
      };
      waiting.push({ request, answer });
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    });
  });
  return { sent, waiting };
}

/** Sends one request that the stub answers immediately with `reply`. */
async function failWith(reply: Reply, call: () => Promise<unknown> = () => api.get('/thing')) {
  const stub = stubTransport();
  const promise = call();
  await vi.waitFor(() => expect(stub.waiting).toHaveLength(1));
  stub.waiting[0]!.answer(reply);
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );
}

const notify = vi.fn<(message: Shown, leaving?: boolean) => void>();
const navigate = vi.fn<(to: string) => void>();
let currentPath = '/dashboard';

beforeEach(() => {
  notify.mockReset();
  navigate.mockReset();
  currentPath = '/dashboard';
  configureHttp({ notify, navigate, currentPath: () => currentPath });
});
afterEach(() => {
  setTransport();
  vi.useRealTimers();
});

describe('request shape', () => {
  it('uses /api, X-Requested-With, the Bearer token and indexed arrays', async () => {
    storage.set(STORAGE_KEYS.accessToken, 'secret-token');
    const stub = stubTransport();
    const done = api.get('/admin-service/resources', { params: { ids: ['a', 'b'], page: 0 } });
    await vi.waitFor(() => expect(stub.sent).toHaveLength(1));
    const request = stub.sent[0]!;
    expect(request).toMatchObject({
      method: 'GET',
      url: '/admin-service/resources',
      params: { ids: ['a', 'b'], page: 0 },
      href: '/api/admin-service/resources?ids%5B0%5D=a&ids%5B1%5D=b&page=0',
      body: undefined,
    });
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(request.headers.has('Content-Type')).toBe(false);
    stub.waiting[0]!.answer({ status: 200, data: { content: [] } });
    await expect(done).resolves.toEqual({ content: [] });
  });

  it('sends no Authorization header without a session', async () => {
    const stub = stubTransport();
    void api.get('/x');
    await vi.waitFor(() => expect(stub.sent).toHaveLength(1));
    expect(stub.sent[0]!.headers.has('Authorization')).toBe(false);
    stub.waiting[0]!.answer({ status: 200, data: '' });
  });

  it('sends a body as JSON', async () => {
    const stub = stubTransport();
    const done = api.put('/role', { name: 'x', ids: [1] });
    await vi.waitFor(() => expect(stub.sent).toHaveLength(1));
    expect(stub.sent[0]).toMatchObject({ method: 'PUT', body: '{"name":"x","ids":[1]}' });
    expect(stub.sent[0]!.headers.get('Content-Type')).toBe('application/json');
    stub.waiting[0]!.answer({ status: 200, data: { ok: true } });
    await expect(done).resolves.toEqual({ ok: true });
  });
});

describe('timeouts', () => {
  /** Starts a call that gets no answer and says whether it has failed yet. */
  function unanswered(call: () => Promise<unknown>) {
    stubTransport();
    let failure: ApiError | undefined;
    call().catch((error: ApiError) => {
      failure = error;
    });
    return () => failure;
  }

  it('a call gives up after 5 minutes', async () => {
    vi.useFakeTimers();
    const failure = unanswered(() => api.get('/slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(failure()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure()).toMatchObject({ kind: 'timeout', shown: MESSAGES.requestTimeout });
    expect(notify).toHaveBeenCalledExactlyOnceWith(MESSAGES.requestTimeout);
  });

  it('a call can set its own time, or none with 0', async () => {
    vi.useFakeTimers();
    const short = unanswered(() => api.get('/short', { timeout: 1_000 }));
    const endless = unanswered(() => api.get('/endless', { timeout: 0 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(short()).toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 2);
    expect(endless()).toBeUndefined();
  });
});

describe('the answer', () => {
  it('a body that is not JSON comes through as its text, and no body as an empty text', async () => {
    const fetch = vi.fn(async () => new Response('plain words', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(api.get('/text')).resolves.toBe('plain words');
      fetch.mockResolvedValueOnce(new Response(null, { status: 204 }));
      await expect(api.delete('/thing')).resolves.toBe('');
      fetch.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
      await expect(api.get('/down')).rejects.toMatchObject({
        kind: 'http',
        status: 502,
        shown: HTTP_STATUS_MESSAGES[502],
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('cookies', () => {
  it('a call goes to this origin with the browser’s cookies (the sign-in’s device cookie rides along)', async () => {
    const sent: Request[] = [];
    const fetch = vi.fn(async (input: string, init?: RequestInit) => {
      // Node's Request needs an absolute URL; a page's resolves against its location.
      sent.push(new Request(new URL(input, location.href), init));
      return new Response('{"code":0}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(
        api.post('/oauth2-server/login', { username: 'admin', password: 'x' }, { silent: true }),
      ).resolves.toEqual({ code: 0 });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url, location.href).origin).toBe(location.origin);
    expect(sent[0]!.credentials).not.toBe('omit');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    await expect(sent[0]!.json()).resolves.toEqual({ username: 'admin', password: 'x' });
  });
});

describe('duplicate requests', () => {
  it('a second identical request cancels the first, quietly', async () => {
    const stub = stubTransport();
    const first = api.get('/list', { params: { page: 1 } });
    const second = api.get('/list', { params: { page: 1 } });
    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    // The first never reaches the wire once replaced, or is aborted on it: either way one answer wins.
    await vi.waitFor(() => expect(stub.waiting.length).toBeGreaterThan(0));
    stub.waiting.at(-1)!.answer({ status: 200, data: 'fresh' });
    await expect(second).resolves.toBe('fresh');
    expect(notify).not.toHaveBeenCalled();
  });

  it('aborts an identical request that is already on the wire', async () => {
    const stub = stubTransport();
    const first = api.post('/save', { name: 'x' });
    await vi.waitFor(() => expect(stub.waiting).toHaveLength(1));
    const second = api.post('/save', { name: 'x' });
    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    expect(stub.sent[0]!.signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(stub.waiting).toHaveLength(2));
    stub.waiting[1]!.answer({ status: 200, data: 'saved' });
    await expect(second).resolves.toBe('saved');
    expect(notify).not.toHaveBeenCalled();
  });

  it('a request with the same url but other params or data does not cancel', async () => {
    const stub = stubTransport();
    const a = api.get('/list', { params: { page: 1 } });
    const b = api.get('/list', { params: { page: 2 } });
    const c = api.post('/list', { name: 'x' });
    const d = api.post('/list', { name: 'y' });
    await vi.waitFor(() => expect(stub.waiting).toHaveLength(4));
    for (const w of stub.waiting) w.answer({ status: 200, data: 'ok' });
    await expect(Promise.all([a, b, c, d])).resolves.toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('ignoreCancelToken keeps both requests and is not sent to the server', async () => {
    const stub = stubTransport();
    const first = api.get('/list', { headers: { ignoreCancelToken: true } });
    const second = api.get('/list', { headers: { ignoreCancelToken: true } });
    await vi.waitFor(() => expect(stub.waiting).toHaveLength(2));
    for (const w of stub.waiting) w.answer({ status: 200, data: 'ok' });
    await expect(Promise.all([first, second])).resolves.toEqual(['ok', 'ok']);
    for (const request of stub.sent) expect(request.headers.has('ignoreCancelToken')).toBe(false);
  });

  it('a finished request no longer counts as pending', async () => {
    const stub = stubTransport();
    const first = api.get('/once');
    await vi.waitFor(() => expect(stub.waiting).toHaveLength(1));
    stub.waiting[0]!.answer({ status: 200, data: 1 });
    await expect(first).resolves.toBe(1);
    const second = api.get('/once');
    await vi.waitFor(() => expect(stub.waiting).toHaveLength(2));
    stub.waiting[1]!.answer({ status: 200, data: 2 });
    await expect(second).resolves.toBe(2);
  });
});

describe('errors', () => {
  const catalogue = [403, 404, 405, 408, 500, 501, 502, 503, 504, 505] as const;

  it.each(catalogue)('status %i shows its §8 message in one toast', async (status) => {
    const error = await failWith({ status, data: { code: 'X', message: 'server words' } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.shown).toBe(HTTP_STATUS_MESSAGES[status]);
    expect(error.message).toBe(formatMessage(HTTP_STATUS_MESSAGES[status]!));
    expect(notify).toHaveBeenCalledTimes(1);
    // The screen stays: the toast may go with it.
    expect(notify).toHaveBeenCalledWith(HTTP_STATUS_MESSAGES[status]);
  });

  it('the catalogue covers every status of spec §8', () => {
    expect(Object.keys(HTTP_STATUS_MESSAGES).map(Number).sort()).toEqual([
      401, 403, 404, 405, 408, 500, 501, 502, 503, 504, 505,
    ]);
    expect(formatMessage(HTTP_STATUS_MESSAGES[403]!)).toContain('Gatehouse');
  });

  it('a status outside the catalogue shows the server message', async () => {
    const error = await failWith({ status: 409, data: body('CONFLICT', MESSAGES.duplicateId) });
    expect(error.shown).toEqual(MESSAGES.duplicateId);
    expect(notify).toHaveBeenCalledWith(MESSAGES.duplicateId);
  });

  it('a 400 with fields does not toast and keeps the fields', async () => {
    const error = await failWith({
      status: 400,
      data: body('VALIDATION_FAILED', MESSAGES.validationFailed, {
        fields: [field('name', MESSAGES.required)],
      }),
    });
    expect(error.fields).toEqual({ name: MESSAGES.required });
    expect(notify).not.toHaveBeenCalled();
  });

  it('a 409 that names its field does not toast, so the form shows it once', async () => {
    const error = await failWith({
      status: 409,
      data: body('CONFLICT', MESSAGES.duplicateId, { fields: [field('id', MESSAGES.duplicateId)] }),
    });
    expect(error.fields).toEqual({ id: MESSAGES.duplicateId });
    expect(notify).not.toHaveBeenCalled();
  });

  it('reads the message, its parameters and the fields by key, nested messages included', async () => {
    const refused = m('list.rowRefused', { row: 'alice', reason: m('identity.selfLockout') });
    const error = await failWith({
      status: 409,
      data: body('CONFLICT', refused, {
        fields: [
          field('code', m('field.tooLong', { maximum: 100 })),
          { field: 'x', key: 'no.such.key', message: 'As sent' },
        ],
        requestId: 'r1',
      }),
    });
    expect(error.serverMessage).toEqual(refused);
    expect(error.shown).toEqual(refused);
    expect(error.fields).toEqual({ code: m('field.tooLong', { maximum: 100 }), x: 'As sent' });
    expect(error.requestId).toBe('r1');
    expect(formatMessage(error.shown as Message, 'zh')).toBe('alice：您不能禁用自己或取消自己的管理权限。');
  });

  it('falls back to the English text for an unknown key, and to the status message without either', async () => {
    const unknown = await failWith({
      status: 409,
      data: { code: 'CONFLICT', key: 'newer.key', message: 'Newer words' },
    });
    expect(unknown.shown).toBe('Newer words');
    expect(notify).toHaveBeenLastCalledWith('Newer words');
    const bare = await failWith({ status: 503, data: 'Service Unavailable' });
    expect(bare.shown).toBe(HTTP_STATUS_MESSAGES[503]);
    expect(bare.serverMessage).toBeUndefined();
    const none = await failWith({ status: 418, data: {} });
    expect(none.shown).toBe(MESSAGES.unknownError);
  });

  it('a silent call does not toast', async () => {
    const error = await failWith({ status: 500, data: {} }, () => api.get('/x', { silent: true }));
    expect(error.shown).toBe(HTTP_STATUS_MESSAGES[500]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('a call made ahead of need (quietly) does not toast, and the same call made again does', async () => {
    const fetchThing = ({ signal }: { signal: AbortSignal }) => api.get('/x', { signal });
    const early = await failWith({ status: 404, data: {} }, () =>
      quietly(fetchThing)({ signal: new AbortController().signal }),
    );
    expect(early.status).toBe(404);
    expect(notify).not.toHaveBeenCalled();
    await failWith({ status: 404, data: {} }, () => fetchThing({ signal: new AbortController().signal }));
    expect(notify).toHaveBeenCalledWith(HTTP_STATUS_MESSAGES[404]);
  });

  it('a network error, an abort and a timeout have their own messages', async () => {
    const network = await failWith({ error: () => new TypeError('Failed to fetch') });
    expect(network).toMatchObject({ kind: 'network', shown: MESSAGES.networkError });
    // The browser aborting the transfer itself, not the client.
    const aborted = await failWith({
      error: () => new DOMException('The user aborted a request.', 'AbortError'),
    });
    expect(aborted).toMatchObject({ kind: 'aborted', shown: MESSAGES.requestAborted });
    stubTransport();
    const timeout = await api.get('/thing', { timeout: 20 }).catch((error: unknown) => error);
    expect(timeout).toMatchObject({ kind: 'timeout', shown: MESSAGES.requestTimeout });
    expect(notify.mock.calls).toEqual([
      [MESSAGES.networkError],
      [MESSAGES.requestAborted],
      [MESSAGES.requestTimeout],
    ]);
  });

  it('the caller’s signal cancels a call quietly', async () => {
    const stub = stubTransport();
    const controller = new AbortController();
    const call = api.get('/x', { signal: controller.signal });
    await vi.waitFor(() => expect(stub.waiting).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'cancelled', shown: MESSAGES.requestAborted });
    expect(stub.sent[0]!.signal.aborted).toBe(true);
    // A signal aborted before the call is made: nothing is sent.
    await expect(api.get('/y', { signal: controller.signal })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(stub.sent).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('a 401 clears the session, toasts once and goes to /login?isInterception=1', async () => {
    storage.set(STORAGE_KEYS.accessToken, 'expired');
    storage.set(STORAGE_KEYS.currentUser, { name: 'Ada' });
    storage.set(STORAGE_KEYS.tabsRoutes, ['/dashboard']);
    storage.set('Language', 'en');
    const error = await failWith({ status: 401, data: { code: 'UNAUTHENTICATED', message: 'no' } });
    expect(error.shown).toBe(HTTP_STATUS_MESSAGES[401]);
    expect(storage.get(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.get(STORAGE_KEYS.currentUser)).toBeNull();
    expect(storage.get(STORAGE_KEYS.tabsRoutes)).toBeNull();
    expect(storage.get('Language')).toBe('en');
    expect(navigate).toHaveBeenCalledWith(LOGIN_INTERCEPTION_PATH);
    expect(LOGIN_INTERCEPTION_PATH).toBe('/login?isInterception=1');
    // Said on the way out of the console: the toast must outlive its layout.
    expect(notify).toHaveBeenCalledExactlyOnceWith(HTTP_STATUS_MESSAGES[401], true);

    // A parallel call of the same lost session: no second toast.
    await failWith({ status: 401, data: {} });
    expect(notify).toHaveBeenCalledTimes(1);
    // The session counts as lost (for a route guard that runs first) until the next sign-in.
    expect(sessionWasLost()).toBe(true);
    saveSession('fresh', { name: 'Ada' } as never);
    expect(sessionWasLost()).toBe(false);
  });

  it('a sign-out is not a lost session', () => {
    storage.set(STORAGE_KEYS.accessToken, 'live');
    clearSession();
    expect(sessionWasLost()).toBe(false);
  });

  it('a 401 names the screen to come back to after signing in again', async () => {
    storage.set(STORAGE_KEYS.accessToken, 'expired');
    configureHttp({ currentUrl: () => '/app-config/client?appId=a1&page=2' });
    try {
      await failWith({ status: 401, data: {} });
      expect(navigate).toHaveBeenCalledWith(
        '/login?isInterception=1&redirect=%2Fapp-config%2Fclient%3FappId%3Da1%26page%3D2',
      );
    } finally {
      configureHttp({ currentUrl: () => `${window.location.pathname}${window.location.search}` });
    }
  });

  it('a 401 met on the login page keeps the way back an earlier one gave', () => {
    configureHttp({ currentUrl: () => '/login?isInterception=1&redirect=%2Fprofile-page' });
    try {
      expect(loginInterceptionPath()).toBe('/login?isInterception=1&redirect=%2Fprofile-page');
      configureHttp({ currentUrl: () => '/login' });
      expect(loginInterceptionPath()).toBe('/login?isInterception=1');
      configureHttp({ currentUrl: () => '/' });
      expect(loginInterceptionPath()).toBe('/login?isInterception=1');
    } finally {
      configureHttp({ currentUrl: () => `${window.location.pathname}${window.location.search}` });
    }
  });

  it('a 401 from the sign-in call stays on the page with the server message', async () => {
    storage.set(STORAGE_KEYS.accessToken, 'other');
    const error = await failWith(
      { status: 401, data: body('UNAUTHENTICATED', MESSAGES.invalidCredentials) },
      () =>
        api.post(
          '/oauth2-server/login',
          { username: 'a', password: 'b' },
          { authRedirect: false, silent: true },
        ),
    );
    expect(error.serverMessage).toEqual(MESSAGES.invalidCredentials);
    expect(navigate).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('other');
  });

  it('a 403 PASSWORD_CHANGE_REQUIRED goes to /initial-password', async () => {
    await failWith({ status: 403, data: { code: 'PASSWORD_CHANGE_REQUIRED', message: 'change it' } });
    expect(navigate).toHaveBeenCalledWith('/initial-password');
    expect(notify).toHaveBeenCalledExactlyOnceWith(MESSAGES.passwordChangeRequired, true);
  });

  it('a 403 TWO_FACTOR_ENROLMENT_REQUIRED goes to /two-factor-setup, once', async () => {
    const body = {
      code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
      message: 'set it up',
      key: TWO_FACTOR_MESSAGES.enrolmentRequired.key,
    };
    await failWith({ status: 403, data: body });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/two-factor-setup');
    expect(notify).toHaveBeenCalledOnce();
    expect(notify.mock.calls[0]?.[1]).toBe(true);
    // Already there: no second navigation.
    navigate.mockReset();
    currentPath = '/two-factor-setup';
    await failWith({ status: 403, data: body });
    expect(navigate).not.toHaveBeenCalled();
  });
});
