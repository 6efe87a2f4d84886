import type { IdentityProvider, ProviderTestResult } from '@gatehouse/contract';
import { useState } from 'react';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { formatDateTime } from '@/components/list-screen/columns';
import { ListScreen, UNSCOPED, type Unscoped } from '@/components/list-screen/list-screen';
import { listPreload } from '@/components/list-screen/preload';
import { RowTag } from '@/components/row-controls';
import type { SearchField } from '@/components/search-bar';
import { PROVIDER_CODES } from './access-codes';
import { useCreateProvider } from './api/create-provider';
import { useDeleteProvider } from './api/delete-provider';
import { providersQueryOptions } from './api/list-providers';
import { useSetProviderStatus } from './api/set-provider-status';
import { useTestProvider } from './api/test-provider';
import { useUpdateProvider } from './api/update-provider';
import { createBody, type ProviderFormValues, updateBody } from './components/provider-values';
import { TestResultDialog } from './components/test-result-dialog';
import { type IdentityProvidersKey, providersText, useProvidersT } from './messages';

const ProviderForm = lazyForm(() => import('./components/provider-form').then((m) => m.ProviderForm));

/** The keyword (name and description on the server) and the type. */
export const PROVIDER_SEARCH_FIELDS: SearchField[] = [
  {
    name: 'type',
    get label() {
      return providersText('anyType');
    },
    type: 'multi-select',
    get options() {
      return (['oidc', 'saml', 'ldap'] as const).map((value) => ({ value, label: providersText(value) }));
    },
  },
];

const titled = (key: IdentityProvidersKey, column: Column<IdentityProvider>): Column<IdentityProvider> =>
  Object.defineProperty(column, 'title', { get: () => providersText(key), enumerable: true });

/** Name, type, enabled, default, linked users and last change. */
export const PROVIDER_COLUMNS: Column<IdentityProvider>[] = [
  titled('name', { dataIndex: 'name', width: 180, ellipsis: true }),
  titled('type', {
    key: 'type',
    width: 110,
    render: (_, { type }) => <RowTag>{providersText(type)}</RowTag>,
  }),
  titled('status', {
    key: 'enabled',
    width: 110,
    render: (_, { enabled }) => (
      <RowTag colour={enabled ? 'green' : 'red'}>{providersText(enabled ? 'enabled' : 'disabled')}</RowTag>
    ),
  }),
  titled('isDefault', {
    key: 'isDefault',
    width: 140,
    render: (_, { isDefault }) => (isDefault ? <RowTag>{providersText('defaultTag')}</RowTag> : '--'),
  }),
  titled('linkedUsers', { dataIndex: 'linkedUsers', width: 110 }),
  // By key: the server's own order is the only one offered beyond the name.
  titled('lastChange', {
    key: 'lastChange',
    width: 150,
    render: (_, provider) => formatDateTime(provider.lastModifiedDate),
  }),
];

/** What the route asks for before the screen renders: the page of providers its URL names. */
export const preload = listPreload({
  rows: providersQueryOptions,
  fields: PROVIDER_SEARCH_FIELDS,
  scopeOf: () => UNSCOPED,
});

type Testing = { open: boolean; name: string; result?: ProviderTestResult };

/**
 * System › Provider (/admin-setting/provider, issue 30): the identity providers people sign in
 * through, OIDC, SAML 2.0 and LDAP. Create and edit in one form, enable and disable, test,
 * delete (their linked identities with them) and each one's History.
 */
export function ProviderPage() {
  const t = useProvidersT();
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const setStatus = useSetProviderStatus();
  const remove = useDeleteProvider();
  const runTest = useTestProvider();
  const [testing, setTesting] = useState<Testing>({ open: false, name: '' });

  const test = async (provider: IdentityProvider) => {
    setTesting({ open: true, name: provider.name });
    try {
      const result = await runTest.mutateAsync(provider.providerId);
      setTesting((shown) => (shown.open ? { ...shown, result } : shown));
    } catch (error) {
      // The HTTP client has shown the failure.
      console.debug('Testing the provider failed', error);
      setTesting((shown) => ({ ...shown, open: false }));
    }
  };

  return (
    <>
      <ListScreen<IdentityProvider, ProviderFormValues, Unscoped>
        title="Provider"
        names={{ one: t('providerOne'), many: t('providerMany') }}
        scope={UNSCOPED}
        fields={PROVIDER_SEARCH_FIELDS}
        list="identityProviders"
        audit={{ entity: 'identity-provider' }}
        nameOf={(provider) => provider.name}
        rows={providersQueryOptions}
        rowKey="providerId"
        columns={PROVIDER_COLUMNS}
        create={{ code: PROVIDER_CODES.create, save: (values) => create.mutateAsync(createBody(values)) }}
        update={{
          code: PROVIDER_CODES.update,
          save: (values, provider) => update.mutateAsync(updateBody(values, provider)),
        }}
        toggle={{
          code: PROVIDER_CODES.status,
          subject: () => 'identity provider',
          status: (provider) => (provider.enabled ? 'ENABLED' : 'DISABLED'),
          consequence: (_, next) => t(next === 'ENABLED' ? 'enableConsequence' : 'disableConsequence'),
          onToggle: ({ providerId }, status) => setStatus.mutateAsync({ providerId, status }),
        }}
        remove={{
          code: PROVIDER_CODES.delete,
          subject: t('providerOne'),
          description: () => t('deleteText'),
          onDelete: ({ providerId }) => remove.mutateAsync(providerId),
        }}
        rowActions={[{ key: 'test', label: t('test'), code: PROVIDER_CODES.update, onClick: test }]}
        form={(props) => <ProviderForm {...props} />}
      />
      <TestResultDialog
        open={testing.open}
        name={testing.name}
        result={testing.result}
        onClose={() => setTesting((shown) => ({ ...shown, open: false }))}
      />
    </>
  );
}
