/**
 * A browser for the federation tests: fetch with manual redirects and a cookie jar. Cookies
 * are kept per host, not per port, as browsers keep them (RFC 6265 §8.5), so Gatehouse and an
 * upstream on two ports of 127.0.0.1 see each other's cookies as a real browser would send them.
 */
type StoredCookie = { host: string; name: string; value: string; path: string };

/** RFC 6265 §5.1.4: whether a cookie of `cookiePath` goes with a request for `path`. */
function pathMatches(cookiePath: string, path: string): boolean {
  if (path === cookiePath) return true;
  return path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/');
}

export type Hop = { method: string; url: string; status: number; ms: number };

export class CookieBrowser {
  private jar: StoredCookie[] = [];
  /** Every request made, in order, with its time (the bench splits them by host). */
  readonly hops: Hop[] = [];

  async request(
    url: string | URL,
    init: {
      method?: string;
      /** Sent as a form (POST). */
      form?: Record<string, string>;
      /** Sent as JSON (POST). */
      json?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const hasBody = init.form !== undefined || init.json !== undefined;
    const method = init.method ?? (hasBody ? 'POST' : 'GET');
    const started = performance.now();
    const res = await fetch(target, {
      method,
      redirect: 'manual',
      headers: {
        ...init.headers,
        cookie: this.cookieHeader(target),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
    this.keep(target, res.headers.getSetCookie());
    this.hops.push({ method, url: target.href, status: res.status, ms: performance.now() - started });
    return res;
  }

  get(url: string | URL): Promise<Response> {
    return this.request(url);
  }

  /**
   * Follows redirects from `url` while `until` does not stop it, reading each body (so the
   * connection is free). Returns the last response and its URL.
   */
  async follow(
    url: string | URL,
    until: (url: URL) => boolean = () => false,
    max = 20,
  ): Promise<{ url: URL; res: Response; body: string }> {
    let current = new URL(url);
    for (let i = 0; i < max; i++) {
      const res = await this.get(current);
      const body = await res.text();
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: current, res, body };
      const next = new URL(location, current);
      if (until(next)) return { url: next, res, body };
      current = next;
    }
    throw new Error(`more than ${max} redirects from ${url}`);
  }

  cookieHeader(url: URL): string {
    return this.jar
      .filter((c) => c.host === url.hostname && pathMatches(c.path, url.pathname))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  cookies(name: string): StoredCookie[] {
    return this.jar.filter((c) => c.name === name);
  }

  /** Forgets every cookie, as a new browser profile. */
  clearCookies(): void {
    this.jar = [];
  }

  private keep(url: URL, lines: string[]) {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const attribute = (key: string) =>
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith(`${key}=`))
          ?.slice(key.length + 1);
      const pathAttribute = attribute('path');
      const path = pathAttribute?.startsWith('/')
        ? pathAttribute
        : url.pathname.slice(0, Math.max(1, url.pathname.lastIndexOf('/')));
      const maxAge = attribute('max-age');
      const expired =
        value === '' ||
        (maxAge !== undefined && Number(maxAge) <= 0) ||
        /expires=Thu, 01 Jan 1970/i.test(line);
      this.jar = this.jar.filter((c) => !(c.host === url.hostname && c.name === name && c.path === path));
      if (!expired) this.jar.push({ host: url.hostname, name, value, path });
    }
  }
}
