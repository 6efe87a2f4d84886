import { SSO_CONSUMER_PATH, SSO_LOGIN_TYPE } from '@gatehouse/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { browserLocation } from '../lib/browser';
import { pendingStepPath, toLogin } from '../lib/paths';
import { getCurrentUser, getToken, sessionWasLost } from '../lib/session';

/** The signed-in area: without a session go to sign in, and come back here afterwards. */
export function requireSession({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  if (!getToken()) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(toLogin({ redirect: back === '/' ? undefined : back, isInterception: sessionWasLost() }));
  }
  const pending = pendingStepPath(getCurrentUser());
  if (pending) throw redirect(pending);
  return null;
}

export function redirectTo(target: string, { keepSearch = true } = {}) {
  return ({ request }: LoaderFunctionArgs) =>
    redirect(keepSearch ? `${target}${new URL(request.url).search}` : target);
}

/** Spec §2 /auth: the SSO login type leaves the app for the server's SAML consumer. */
export function ssoRedirect({ request }: LoaderFunctionArgs): { sso: boolean } {
  const sso = new URL(request.url).searchParams.get('loginType') === SSO_LOGIN_TYPE;
  if (sso) browserLocation.assign(SSO_CONSUMER_PATH);
  return { sso };
}
