import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import {
  ERROR_CODES,
  type ErrorBody,
  HTTP_STATUS_MESSAGES,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
} from '@gatehouse/contract';
import { PATHS, readPath, toLogin } from './paths';
import { stringifyQuery } from './query-string';
import { clearSession, getToken } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show no toast for this call's failure; the caller reports it itself. */
    silent?: boolean;
    /**
     * False for calls where a 401 is an answer rather than a lost session (the sign-in
     * call): the session is left alone and the user stays on the page.
     */
    authRedirect?: boolean;
  }
}

/** The header a caller sets to keep an identical earlier request alive (spec §7). */
export const IGNORE_CANCEL_HEADER = 'ignoreCancelToken';
export const LOGIN_INTERCEPTION_PATH = '/login?isInterception=1';
export const PASSWORD_CHANGE_PATH = '/initial-password';
export const PASSWORD_EXPIRED_PATH = '/overdue';

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

/** Every failure of the HTTP client is one of these. `message` is what the user is shown. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** 400 validation: field name to message, ready for `Form.setFields`. */
  readonly fields: Record<string, string> | undefined;
  /** The server's own wording, which can be more precise than the §8 catalogue. */
  readonly serverMessage: string | undefined;
  readonly requestId: string | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number; body?: Partial<ErrorBody>; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.code = details.body?.code;
    this.fields = details.body?.fields;
    this.serverMessage = details.body?.message;
    this.requestId = details.body?.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text for a failed status: the §8 catalogue first, then the server's message. */
function messageForStatus(status: number, serverMessage?: string): string {
  return HTTP_STATUS_MESSAGES[status] ?? serverMessage ?? MESSAGES.unknownError;
}

type HttpHooks = {
  /**
   * Shows one error toast; the providers plug antd's `message.error` in. `leaving` says the
   * client navigates away at once, so the toast must outlive the screen that raised it.
   */
  notify: (text: string, leaving?: boolean) => void;
  /** Client-side navigation, so a toast shown just before survives it. */
  navigate: (to: string) => void;
  currentPath: () => string;
  /** Path and query of the screen on show: where to come back to after signing in again. */
  currentUrl: () => string;
};

const hooks: HttpHooks = {
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

export const http = axios.create({
  baseURL: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  paramsSerializer: { serialize: stringifyQuery },
  transitional: { clarifyTimeoutError: true },
});

const pending = new Map<string, AbortController>();
/** Signals aborted because a newer identical request replaced theirs: those fail quietly. */
const replaced = new WeakSet<AbortSignal>();
/** The pending-map key of each signal the client created; axios copies configs, not signals. */
const keyOfSignal = new WeakMap<AbortSignal, string>();
/** The signals of calls made ahead of need (see `quietly`): their failures are not reported. */
const quietSignals = new WeakSet<AbortSignal>();

/**
 * A query function whose call is made ahead of need, e.g. a screen's page of rows asked for by
 * its route's loader before the screen renders: a failure shows no toast, since whoever needs
 * the answer asks again and reports it then. The call must pass on the query's signal.
 */
export function quietly<Context extends { signal: AbortSignal }, T>(
  queryFn: (context: Context) => T,
): (context: Context) => T {
  return (context) => {
    quietSignals.add(context.signal);
    return queryFn(context);
  };
}

function requestKey(config: InternalAxiosRequestConfig): string {
  return JSON.stringify([
    (config.method ?? 'get').toLowerCase(),
    config.url ?? '',
    config.data ?? null,
    config.params ?? null,
  ]);
}

function release(config: AxiosRequestConfig | undefined): void {
  const signal = config?.signal as AbortSignal | undefined;
  const key = signal && keyOfSignal.get(signal);
  if (key !== undefined && pending.get(key)?.signal === signal) pending.delete(key);
}

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  const callerSignal = config.signal as AbortSignal | undefined;
  if (callerSignal && quietSignals.has(callerSignal)) config.silent = true;

  const keepEarlier = config.headers.has(IGNORE_CANCEL_HEADER);
  // A client-side flag only: it must not reach the server.
  config.headers.delete(IGNORE_CANCEL_HEADER);
  if (keepEarlier) return config;

  const key = requestKey(config);
  const earlier = pending.get(key);
  if (earlier) {
    replaced.add(earlier.signal);
    earlier.abort();
  }
  const controller = new AbortController();
  if (callerSignal) {
    if (callerSignal.aborted) controller.abort();
    else callerSignal.addEventListener('abort', () => controller.abort(), { once: true });
  }
  config.signal = controller.signal;
  pending.set(key, controller);
  keyOfSignal.set(controller.signal, key);
  return config;
});

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) {
    return new ApiError('cancelled', MESSAGES.requestAborted, { cause: error });
  }
  if (error instanceof AxiosError) {
    if (error.response) {
      const status = error.response.status;
      const body = (
        error.response.data && typeof error.response.data === 'object' ? error.response.data : {}
      ) as Partial<ErrorBody>;
      return new ApiError('http', messageForStatus(status, body.message), { status, body, cause: error });
    }
    if (error.code === AxiosError.ETIMEDOUT) {
      return new ApiError('timeout', MESSAGES.requestTimeout, { cause: error });
    }
    if (error.code === AxiosError.ECONNABORTED) {
      return new ApiError('aborted', MESSAGES.requestAborted, { cause: error });
    }
    return new ApiError('network', MESSAGES.networkError, { cause: error });
  }
  return new ApiError('network', MESSAGES.unknownError, { cause: error });
}

function handleUnauthorized(error: ApiError, config: AxiosRequestConfig | undefined): void {
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
  if (!config?.silent) hooks.notify(error.message, !onLogin);
  if (!onLogin) hooks.navigate(target);
}

function report(error: ApiError, config: AxiosRequestConfig | undefined): void {
  if (error.kind === 'cancelled') return;
  if (error.kind === 'http') {
    if (error.status === 401 && config?.authRedirect !== false) {
      handleUnauthorized(error, config);
      return;
    }
    if (error.status === 403 && error.code === ERROR_CODES.PASSWORD_EXPIRED) {
      const leaving = hooks.currentPath() !== PASSWORD_EXPIRED_PATH;
      if (!config?.silent) hooks.notify(error.message, leaving);
      if (leaving) hooks.navigate(PASSWORD_EXPIRED_PATH);
      return;
    }
    if (error.status === 403 && error.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED) {
      const leaving = hooks.currentPath() !== PASSWORD_CHANGE_PATH;
      if (!config?.silent) hooks.notify(MESSAGES.passwordChangeRequired, leaving);
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
  if (!config?.silent) hooks.notify(error.message);
}

http.interceptors.response.use(
  (response) => {
    release(response.config);
    return response;
  },
  (error: unknown) => {
    const config = error instanceof AxiosError ? error.config : undefined;
    release(config);
    const signal = config?.signal as AbortSignal | undefined;
    const apiError = toApiError(error);
    if (!(signal && replaced.has(signal))) report(apiError, config);
    return Promise.reject(apiError);
  },
);

export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<T>(config);
  return response.data;
}

export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'get', url }),
  delete: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'delete', url }),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    request<T>({ ...config, method: 'post', url, data }),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    request<T>({ ...config, method: 'put', url, data }),
};
