/**
 * Where the HTTP client and the route guards send a user: sign-in, the password pages a
 * session may be held at, and home. Every other path is its feature's (`features/<area>/paths.ts`).
 */
export const PATHS = {
  login: '/login',
  initialPassword: '/initial-password',
  overdue: '/overdue',
  twoFactorSetup: '/two-factor-setup',
  dashboard: '/dashboard',
} as const;

/** `path` with the query `params` (those given), e.g. `/admin-setting/detail?productId=p1`. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The sign-in page; `redirect` is where to go afterwards. */
export function toLogin(params: { redirect?: string; isInterception?: boolean } = {}): string {
  return withQuery(PATHS.login, {
    isInterception: params.isInterception ? '1' : undefined,
    redirect: params.redirect || undefined,
  });
}

/**
 * Where a signed-in user must go before anything else: /initial-password while a generated
 * or administrator-set password is pending, /overdue once the password is older than the
 * policy allows, /two-factor-setup while a role requires two-factor sign-in they have not set
 * up; null when none.
 */
export function pendingStepPath(
  user: {
    mustChangePassword: boolean;
    passwordExpired?: boolean;
    twoFactorEnrolmentRequired?: boolean;
  } | null,
) {
  if (user?.mustChangePassword) return PATHS.initialPassword;
  if (user?.passwordExpired) return PATHS.overdue;
  if (user?.twoFactorEnrolmentRequired) return PATHS.twoFactorSetup;
  return null;
}

/** A stand-in origin: what matters is only whether a target stays on it. */
const THIS_ORIGIN = 'http://gatehouse.invalid';

/**
 * Only a path on this origin is a safe place to return to after sign-in; anything else
 * (`//evil.example`, `https://…`) would make the login page an open redirect. The target is
 * read as the browser reads it, which drops tabs and line breaks and takes `\` for `/`:
 * `/\t/evil.example` is `//evil.example`, whose navigation the browser refuses, leaving a
 * signed-in user on /login. A target that leaves the origin, cannot be read, or leads back
 * to the sign-in page gives way to `fallback`; any other comes back as the path it reads as.
 */
export function safeRedirect(target: string | null | undefined, fallback: string = PATHS.dashboard): string {
  if (!target?.startsWith('/')) return fallback;
  const url = readPath(target);
  if (!url || url.origin !== THIS_ORIGIN || url.pathname === PATHS.login) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A path (with its query) read as the browser reads it, against a stand-in origin; none when it cannot be read. */
export function readPath(target: string): URL | undefined {
  try {
    return new URL(target, THIS_ORIGIN);
  } catch {
    return undefined;
  }
}
