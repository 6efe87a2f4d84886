/** The product's name, as user-facing messages and page titles spell it. */
export const PRODUCT_NAME = 'Gatehouse';

/** The login type that sends the browser to the SAML consumer (spec §2 /auth). */
export const SSO_LOGIN_TYPE = `${PRODUCT_NAME}SSO`;
export const SSO_CONSUMER_PATH = '/saml2/authenticate/consumer';

/** The built-in application whose resource tree is the console's own navigation. */
export const PLATFORM_APP_ID = 'platform';

/** The first administrator's account name. */
export const ADMIN_USERNAME = 'admin';

export function pageTitle(routeTitle: string): string {
  return `${routeTitle} - ${PRODUCT_NAME}`;
}
