import { PLATFORM_APP_ID } from '@gatehouse/contract';

/**
 * An application's APIs are one resource server (RFC 8707): its resource indicator is
 * `urn:gatehouse:application:<applicationId>`, the `aud` of the JWT access tokens issued for
 * it. It names the application, not an address, so it stays the same wherever the APIs run.
 */
export const RESOURCE_PREFIX = 'urn:gatehouse:application:';

/** The resource indicator of an application's APIs. */
export function resourceIndicatorOf(applicationId: string): string {
  return `${RESOURCE_PREFIX}${encodeURIComponent(applicationId)}`;
}

/**
 * The application a resource indicator names, when it is one of ours: not the platform's,
 * whose APIs (Gatehouse's own) take the opaque tokens of the console and the menus call.
 */
export function applicationOfResource(indicator: string): string | undefined {
  if (!indicator.startsWith(RESOURCE_PREFIX)) return undefined;
  let applicationId: string;
  try {
    applicationId = decodeURIComponent(indicator.slice(RESOURCE_PREFIX.length));
  } catch {
    return undefined;
  }
  if (applicationId === '' || applicationId === PLATFORM_APP_ID) return undefined;
  // One spelling per application, so one audience per resource server.
  return resourceIndicatorOf(applicationId) === indicator ? applicationId : undefined;
}
