import { FEDERATION_ERROR_PARAM, type LinkedIdentity } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { formatDateTime } from '@/components/list-screen/columns';
import { Notice } from '@/components/notice';
import { useToast } from '@/components/use-toast';
import { browserLocation } from '@/lib/browser';
import { useSay } from '@/lib/i18n';
import { signInProvidersQueryOptions } from '../api/federation';
import { useOwnIdentities, useStartLink, useUnlinkOwnIdentity } from '../api/own-identities';
import { FEDERATION_PROVIDER_PARAM, federationError } from '../federation-errors';
import { usePasswordMessages } from '../messages';

/** Where the browser comes back after linking: `?sso_linked=<provider name>`. */
export const LINKED_PARAM = 'sso_linked';

/**
 * The signed-in user's identities at the identity providers: each can be unlinked after a
 * confirm, and a "Link {provider}" button for each provider not linked yet, which leaves for
 * the provider and comes back here saying how it went.
 */
export function LinkedIdentitiesCard() {
  const t = usePasswordMessages();
  const say = useSay();
  const toast = useToast();
  const identities = useOwnIdentities();
  const providers = useQuery(signInProvidersQueryOptions());
  const unlink = useUnlinkOwnIdentity();
  const link = useStartLink();
  const [params, setParams] = useSearchParams();
  // How a link came back: read once, then the URL forgets it, so a reload does not say it again.
  const [outcome] = useState(() => ({
    linked: params.get(LINKED_PARAM),
    failure: federationError(
      params.get(FEDERATION_ERROR_PARAM),
      params.get(FEDERATION_PROVIDER_PARAM) || t('yourProvider'),
    ),
  }));
  const { failure } = outcome;
  const said = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: says the outcome the page was opened with, once
  useEffect(() => {
    if (said.current || (outcome.linked === null && !params.has(FEDERATION_ERROR_PARAM))) return;
    said.current = true;
    if (outcome.linked !== null) toast.success(t('identityLinked', { name: outcome.linked }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINKED_PARAM);
        next.delete(FEDERATION_ERROR_PARAM);
        next.delete(FEDERATION_PROVIDER_PARAM);
        return next;
      },
      { replace: true },
    );
  }, []);

  const startLink = async (providerId: string) => {
    try {
      const { redirectTo } = await link.mutateAsync(providerId);
      browserLocation.assign(redirectTo);
    } catch (error) {
      // The HTTP client has shown the failure.
      console.debug('Linking could not start', error);
    }
  };

  const rows = identities.data ?? [];
  const linkable = (Array.isArray(providers.data) ? providers.data : []).filter(
    (provider) => !rows.some((identity) => identity.providerId === provider.providerId),
  );

  return (
    <Card type="inner" title={t('identitiesSection')}>
      <p>{t('identitiesIntro')}</p>
      {failure && <Notice type="error" showIcon title={say(failure)} style={{ marginBottom: 16 }} />}
      <DataTable<LinkedIdentity>
        label={t('identitiesSection')}
        rowKey="identityId"
        size="small"
        loading={identities.isPending}
        rows={rows}
        empty={<Empty description={identities.isError ? t('identitiesLoadFailed') : t('noIdentities')} />}
        columns={[
          {
            title: t('provider'),
            key: 'provider',
            render: (_, identity) => (
              <span>
                {identity.providerName} <Tag>{identity.providerType.toUpperCase()}</Tag>
              </span>
            ),
          },
          { title: t('subject'), dataIndex: 'subject', ellipsis: true },
          { title: t('email'), dataIndex: 'email', render: (email: string | null) => email ?? '--' },
          {
            title: t('lastSignIn'),
            dataIndex: 'lastSignInDate',
            render: (value: string | null) => formatDateTime(value),
          },
          {
            title: '',
            key: 'action',
            render: (_, identity) => (
              <ConfirmAction
                question={t('unlinkQuestion', { name: identity.providerName })}
                description={t('unlinkText')}
                label={t('unlink')}
                success={t('identityUnlinked')}
                danger
                onConfirm={() => unlink.mutateAsync(identity.identityId)}
              />
            ),
          },
        ]}
      />
      {linkable.length > 0 && (
        <Space wrap style={{ marginTop: 16 }}>
          {linkable.map((provider) => (
            <Button
              key={provider.providerId}
              loading={link.isPending && link.variables === provider.providerId}
              disabled={link.isPending}
              onClick={() => startLink(provider.providerId)}
            >
              {t('linkProvider', { name: provider.name })}
            </Button>
          ))}
        </Space>
      )}
    </Card>
  );
}
