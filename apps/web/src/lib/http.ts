import {
  ERROR_CODES,
  type ErrorBody,
  type FieldError,
  HTTP_STATUS_MESSAGES,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
} from '@gatehouse/contract';
import {
  formatMessage,
  isMessage,
  isMessageKey,
  type Message,
  type MessageParam,
  type MessageParams,
  m,
} from '@gatehouse/contract/i18n';
import { PATHS, readPath, toLogin } from './paths';
import { stringifyQuery } from './query-string';
import { clearSession, getToken } from './session';

/** The header a caller sets to keep an identical earlier request alive (spec §7). */
export const IGNORE_CANCEL_HEADER = 'ignoreCancelToken';
export const LOGIN_INTERCEPTION_PATH = '/login?isInterception=1';
export const PASSWORD_CHANGE_PATH = PATHS.initialPassword;
export const PASSWORD_EXPIRED_PATH = PATHS.overdue;
export const TWO_FACTOR_SETUP_PATH = PATHS.twoFactorSetup;

export type ApiErrorKind =
  /** The server answered outside 200-299. */
  | 'http'
  /** No answer reached the browser. */
  | 'network'
  | 'timeout'
  /** The browser aborted the transfer. */
  | 'aborted'
  /** The app cancelled the call itself: a newer identical request, or the caller's signal. */
  | 'cancelled';

/**
 * What the user reads about a failure: a message of the contract's catalogues, rendered in the
 * console's language (`say`), or the server's English text where its key is one this console
 * does not know.
 */
export type Shown = Message | string;

/** Every failure of the HTTP client is one of these. `shown` is what the user is shown. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** What the toast says: the §8 message of the status first, then the server's message. */
  readonly shown: Shown;
  /** 400 validation: field path to its message, ready for `Form.setFields` once rendered. */
  readonly fields: Record<string, Shown> | undefined;
  /** The server's own message, which can be more precise than the §8 catalogue. */
  readonly serverMessage: Shown | undefined;
  readonly requestId: string | undefined;

  /** `Error.message` is `shown` in English, for logs. */
  constructor(
    kind: ApiErrorKind,
    shown: Shown,
    details: { status?: number; body?: Partial<ErrorBody>; cause?: unknown } = {},
  ) {
    super(typeof shown === 'string' ? shown : formatMessage(shown), { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.shown = shown;
    this.code = details.body?.code;
    this.fields = fieldsOf(details.body?.fields);
    this.serverMessage = details.body ? messageOf(details.body) : undefined;
    this.requestId = details.body?.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A value the server sent as a parameter, kept only where it is something a message can show. */
function paramOf(value: unknown): MessageParam | undefined {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (isMessage(value)) return m(value.key, paramsOf(value.params));
  if (Array.isArray(value)) {
    const items = value.map(paramOf).filter((item) => item !== undefined && !Array.isArray(item));
    return items as (string | number | Message)[];
  }
  return undefined;
}

function paramsOf(raw: unknown): MessageParams | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const params: Record<string, MessageParam> = {};
  for (const [name, value] of Object.entries(raw)) {
    const param = paramOf(value);
    if (param !== undefined) params[name] = param;
  }
  return params;
}

/**
 * A message of an error body: its key and parameters when this console knows the key, else
 * its English text (a newer server's message), else nothing.
 */
function messageOf(part: { key?: unknown; params?: unknown; message?: unknown }): Shown | undefined {
  if (isMessageKey(part.key)) return m(part.key, paramsOf(part.params));
  return typeof part.message === 'string' && part.message !== '' ? part.message : undefined;
}

function fieldsOf(fields: unknown): Record<string, Shown> | undefined {
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  const byPath: Record<string, Shown> = {};
  for (const entry of fields as Partial<FieldError>[]) {
    if (typeof entry?.field !== 'string') continue;
    byPath[entry.field] = messageOf(entry) ?? MESSAGES.validationFailed;
  }
  return Object.keys(byPath).length > 0 ? byPath : undefined;
}

/** What a failed status shows: the §8 catalogue first, then the server's message. */
function messageForStatus(status: number, serverMessage: Shown | undefined): Shown {
  return HTTP_STATUS_MESSAGES[status] ?? serverMessage ?? MESSAGES.unknownError;
}

type HttpHooks = {
  /**
   * Shows one error toast; the providers plug antd's `message.error` in. `leaving` says the
   * client navigates away at once, so the toast must outlive the screen that raised it.
   */
  notify: (message: Shown, leaving?: boolean) => void;
  /** Client-side navigation, so a toast shown just before survives it. */
  navigate: (to: string) => void;
  currentPath: () => string;
  /** Path and query of the screen on show: where to come back to after signing in again. */
  currentUrl: () => string;
};

export const hooks: HttpHooks = {
  notify: () => {},
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname,
  currentUrl: () => `${window.location.pathname}${window.location.search}`,
};

/**
 * The login page after a lost session: `isInterception=1` makes it say why (the query, not a
 * toast, so a reload keeps the reason), and `redirect` brings the user back afterwards.
 */
export function loginInterceptionPath(): string {
  const here = hooks.currentUrl();
  if (!here.startsWith('/')) return toLogin({ isInterception: true });
  const url = readPath(here);
  // Already there: an earlier call of the same lost session led the way, and a later one
  // (the shell's own menus call) must keep the way back it gave.
  if (url?.pathname === PATHS.login)
    return toLogin({ isInterception: true, redirect: url.searchParams.get('redirect') ?? undefined });
  return toLogin({ isInterception: true, redirect: here === '/' ? undefined : here });
}

export function configureHttp(overrides: Partial<HttpHooks>): void {
  Object.assign(hooks, overrides);
}

/** The server's API, on the console's own origin. */
const BASE_URL = '/api';

type Method = 'GET' | 'DELETE' | 'POST' | 'PUT';

/** What a call can ask for besides its path and body. */
type RequestConfig = {
  /** The query, written as the server's routes read it (`stringifyQuery`). */
  params?: object;
  /** Aborting it cancels the call, quietly. */
  signal?: AbortSignal;
  headers?: Record<string, string | boolean | undefined>;
  /** Milliseconds before the call gives up: REQUEST_TIMEOUT_MS unless given, 0 for no limit. */
  timeout?: number;
  /** Show no toast for this call's failure; the caller reports it itself. */
  silent?: boolean;
  /**
   * False for calls where a 401 is an answer rather than a lost session (the sign-in
   * call): the session is left alone and the user stays on the page.
   */
  authRedirect?: boolean;
};

/** A call as the client hands it to the transport. */
export type PreparedRequest = {
  method: Method;
  /** The path the caller named, below /api. */
  url: string;
  /** The caller's query parameters, as given. */
  params: object | undefined;
  /** Where the call goes: /api, the path and the query. */
  href: string;
  headers: Headers;
  /** The body as JSON text. */
  body: string | undefined;
  /** Aborts on a timeout, the caller's signal, or a newer identical call. */
  signal: AbortSignal;
};

/** The server's answer: its status and its body, parsed. */
export type TransportResponse = { status: number; data: unknown };
export type Transport = (request: PreparedRequest) => Promise<TransportResponse>;

/**
 * Sends a call with the browser's fetch. The page's cookies ride along: the sign-in needs its
 * device cookie.
 */
async function sendWithFetch(request: PreparedRequest): Promise<TransportResponse> {
  const response = await fetch(request.href, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    credentials: 'same-origin',
  });
  return { status: response.status, data: parseBody(await response.text()) };
}

/**
 * The server answers JSON, but a proxy in front of it may answer with a page of text, and a
 * 204 has no body: those come through as their text, '' for none, rather than failing here.
 */
export function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let transport: Transport = sendWithFetch;

/**
 * Puts `next` between the client and the server, fetch when none is given, and returns the
 * transport it replaces. The tests answer the console's calls through it.
 */
export function setTransport(next: Transport = sendWithFetch): Transport {
  const previous = transport;
  transport = next;
  return previous;
}

/** The calls on their way, by `requestKey`: a newer identical call aborts the earlier. */
const pending = new Map<string, AbortController>();
/** Signals aborted because a newer identical request replaced theirs: those fail quietly. */
const replaced = new WeakSet<AbortSignal>();
/** What becomes of a failure's toast: shown now, or handed to whoever made the call (`holdingToasts`). */
type Notify = HttpHooks['notify'];

/** The signals of calls whose toasts their caller holds, with where each toast goes (see `holdingToasts`). */
const heldToasts = new WeakMap<AbortSignal, (show: () => void) => void>();

/**
 * A query function whose failures' toasts are handed to `hold` rather than shown: `hold` gets
 * each one as a function that shows it, to call when and if the toast should show. What else
 * a failure does (a lost session's way to the sign-in page) happens at once. The call must
 * pass on the query's signal. E.g. a screen's first page, asked for by its route's loader
 * before the screen renders (components/list-screen/preload.ts).
 */
export function holdingToasts<Context extends { signal: AbortSignal }, T>(
  queryFn: (context: Context) => T,
  hold: (show: () => void) => void,
): (context: Context) => T {
  return (context) => {
    heldToasts.set(context.signal, hold);
    return queryFn(context);
  };
}

/** A query function whose failures show no toast at all: whoever needs the answer asks again and reports it then. */
export function quietly<Context extends { signal: AbortSignal }, T>(
  queryFn: (context: Context) => T,
): (context: Context) => T {
  return holdingToasts(queryFn, () => {});
}

function requestKey(method: Method, url: string, data: unknown, params: object | undefined): string {
  return JSON.stringify([method, url, data ?? null, params ?? null]);
}

export function withQuery(url: string, params: object | undefined): string {
  const query = stringifyQuery(params);
  if (!query) return `${BASE_URL}${url}`;
  return `${BASE_URL}${url}${url.includes('?') ? '&' : '?'}${query}`;
}

type Aborts = { signal: AbortSignal; timedOut: boolean };

export function toApiError(error: unknown, { signal, timedOut }: Aborts): ApiError {
  if (error instanceof ApiError) return error;
  if (timedOut) return new ApiError('timeout', MESSAGES.requestTimeout, { cause: error });
  if (signal.aborted) return new ApiError('cancelled', MESSAGES.requestAborted, { cause: error });
  // An abort the client did not ask for: a browser may stop a transfer itself, e.g. when the
  // page is left while it runs.
  if ((error as { name?: unknown } | null)?.name === 'AbortError') {
    return new ApiError('aborted', MESSAGES.requestAborted, { cause: error });
  }
  // fetch rejects with a TypeError when no answer reached the browser.
  if (error instanceof TypeError) return new ApiError('network', MESSAGES.networkError, { cause: error });
  return new ApiError('network', MESSAGES.unknownError, { cause: error });
}

export function httpError({ status, data }: TransportResponse): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as Partial<ErrorBody>;
  return new ApiError('http', messageForStatus(status, messageOf(body)), { status, body });
}

export type Reporting = Pick<RequestConfig, 'silent' | 'authRedirect'> & { notify: Notify };

function handleUnauthorized(error: ApiError, config: Reporting): void {
  // Parallel calls of a lost session all come back 401: only the first one, which still
  // finds the token, tells the user.
  const hadSession = getToken() !== null;
  // Where to go is read before the session is cleared: clearing it lets the route guard send
  // the user to a plain /login at once, which would lose the expiry message and the way back.
  const onLogin = hooks.currentPath() === '/login';
  const target = loginInterceptionPath();
  clearSession({ expired: hadSession });
  // Without a session there was nothing to lose: a sign-out here or in another tab has
  // already sent the user to the login page, which must not call it an expiry.
  if (!hadSession) return;
  if (!config.silent) config.notify(error.shown, !onLogin);
  if (!onLogin) hooks.navigate(target);
}

export function report(error: ApiError, config: Reporting): void {
  if (error.kind === 'cancelled') return;
  if (error.kind === 'http') {
    if (error.status === 401 && config.authRedirect !== false) {
      handleUnauthorized(error, config);
      return;
    }
    if (error.status === 403 && error.code === ERROR_CODES.PASSWORD_EXPIRED) {
      const leaving = hooks.currentPath() !== PASSWORD_EXPIRED_PATH;
      if (!config.silent) config.notify(error.shown, leaving);
      if (leaving) hooks.navigate(PASSWORD_EXPIRED_PATH);
      return;
    }
    if (error.status === 403 && error.code === ERROR_CODES.TWO_FACTOR_ENROLMENT_REQUIRED) {
      const leaving = hooks.currentPath() !== TWO_FACTOR_SETUP_PATH;
      if (!config.silent) config.notify(error.shown, leaving);
      if (leaving) hooks.navigate(TWO_FACTOR_SETUP_PATH);
      return;
    }
    if (error.status === 403 && error.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED) {
      const leaving = hooks.currentPath() !== PASSWORD_CHANGE_PATH;
      if (!config.silent) config.notify(MESSAGES.passwordChangeRequired, leaving);
      if (leaving) hooks.navigate(PASSWORD_CHANGE_PATH);
      return;
    }
    // DESIGN.md: validation failures, and duplicates the server pins on a field, are shown
    // on the form fields, not as a toast.
    if (
      (error.status === 400 || error.status === 409) &&
      error.fields &&
      Object.keys(error.fields).length > 0
    )
      return;
  }
  if (!config.silent) config.notify(error.shown);
}

export function headersFor(callerHeaders: RequestConfig['headers'], json: boolean): Headers {
  const headers = new Headers({
    Accept: 'application/json, text/plain, */*',
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (json) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(callerHeaders ?? {}))
    if (value !== undefined) headers.set(name, String(value));
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

export async function request<T>({
  method,
  url,
  data,
  ...config
}: RequestConfig & { method: Method; url: string; data?: unknown }): Promise<T> {
  const body = data === undefined || data === null ? undefined : JSON.stringify(data);
  const headers = headersFor(config.headers, body !== undefined);
  const callerSignal = config.signal;
  const hold = callerSignal && heldToasts.get(callerSignal);
  const reporting: Reporting = {
    silent: config.silent,
    authRedirect: config.authRedirect,
    notify: hold ? (...toast) => hold(() => hooks.notify(...toast)) : (...toast) => hooks.notify(...toast),
  };

  // One controller per call: a timeout, the caller's signal and a newer identical call all
  // abort it, and `aborts` tells a timeout from the rest.
  const controller = new AbortController();
  const aborts: Aborts = { signal: controller.signal, timedOut: false };
  const keepEarlier = headers.has(IGNORE_CANCEL_HEADER);
  // A client-side flag only: it must not reach the server.
  headers.delete(IGNORE_CANCEL_HEADER);
  const key = keepEarlier ? undefined : requestKey(method, url, data, config.params);
  if (key !== undefined) {
    const earlier = pending.get(key);
    if (earlier) {
      replaced.add(earlier.signal);
      earlier.abort();
    }
    pending.set(key, controller);
  }
  const cancel = () => controller.abort();
  if (callerSignal?.aborted) cancel();
  else callerSignal?.addEventListener('abort', cancel, { once: true });
  const timeout = config.timeout ?? REQUEST_TIMEOUT_MS;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          aborts.timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;

  try {
    // Identical calls made in one go (a screen that asks twice as it renders) are settled
    // before anything is sent: only the last of them reaches the server.
    await null;
    controller.signal.throwIfAborted();
    // fetch, and the tests' transports, end on the signal: a timeout or a cancel rejects here.
    const response = await transport({
      method,
      url,
      params: config.params,
      href: withQuery(url, config.params),
      headers,
      body,
      signal: controller.signal,
    });
    if (response.status < 200 || response.status > 299) throw httpError(response);
    return response.data as T;
  } catch (error) {
    const apiError = toApiError(error, aborts);
    if (!replaced.has(controller.signal)) report(apiError, reporting);
    throw apiError;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', cancel);
    if (key !== undefined && pending.get(key) === controller) pending.delete(key);
  }
}

export const api = {
  get: <T>(url: string, config?: RequestConfig) => request<T>({ ...config, method: 'GET', url }),
  delete: <T>(url: string, config?: RequestConfig) => request<T>({ ...config, method: 'DELETE', url }),
  post: <T>(url: string, data?: unknown, config?: RequestConfig) =>
    request<T>({ ...config, method: 'POST', url, data }),
  put: <T>(url: string, data?: unknown, config?: RequestConfig) =>
    request<T>({ ...config, method: 'PUT', url, data }),
};
