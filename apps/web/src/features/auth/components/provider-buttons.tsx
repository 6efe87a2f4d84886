import { FEDERATION_MESSAGES, type SignInProvider } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useSay } from '@/lib/i18n';
import { federationStartUrl, signInProvidersQueryOptions } from '../api/federation';
import { useFederationMessages } from '../federation-messages';

export type ProviderButtonsProps = {
  /** The /oauth interaction's client, whose application may limit the providers; none on the console's pages. */
  clientId?: string;
  /** Where each button's sign-in goes on to. */
  target: { redirect?: string | null; interaction?: string | null };
  disabled?: boolean;
  /** Shown above the buttons, when there are any. */
  children?: ReactNode;
};

/**
 * A "Sign in with {name}" button for each provider the page offers, each a link to its start
 * route (a full navigation: the browser leaves for the provider). Asked for after the page has
 * drawn; none while it loads or when the call fails, and the password form stays.
 */
export function ProviderButtons({ clientId, target, disabled, children }: ProviderButtonsProps) {
  const say = useSay();
  const t = useFederationMessages();
  const providers = useQuery(signInProvidersQueryOptions(clientId));
  // Anything but a list (a proxy's page of text) shows no buttons rather than failing the page.
  const shown: SignInProvider[] = Array.isArray(providers.data) ? providers.data : [];
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t('otherWays')}>
      {children}
      {shown.map((provider) => (
        <Button
          key={provider.providerId}
          block
          disabled={disabled}
          href={disabled ? undefined : federationStartUrl(provider.providerId, target)}
          style={{ marginTop: 8 }}
          data-provider-type={provider.type}
        >
          {say({ key: FEDERATION_MESSAGES.signInWith.key, params: { name: provider.name } })}
        </Button>
      ))}
    </nav>
  );
}
