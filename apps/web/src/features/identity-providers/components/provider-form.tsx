import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  attributeMappingSchema,
  createIdentityProviderSchema,
  DEFAULT_ATTRIBUTES,
  IDENTITY_PROVIDER_TYPES,
  type IdentityProvider,
  type IdentityProviderType,
  ldapSettingsSchema,
  mappingRuleSchema,
  oidcSettingsSchema,
  samlSettingsSchema,
} from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ConfigProvider,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
} from 'antd';
import { type ReactNode, useMemo } from 'react';
import { groupChoicesQueryOptions } from '@/api/groups';
import { roleChoicesQueryOptions, roleNamesQueryOptions } from '@/api/roles';
import { CopyButton } from '@/components/copy-button';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { type IdentityProvidersKey, useProvidersT } from '../messages';
import { newProviderValues, type ProviderFormValues, providerValues } from './provider-values';

const TITLES = {
  CREATE: 'newProvider',
  EDIT: 'editProvider',
  DETAIL: 'providerDetail',
} as const satisfies Record<FormMode, IdentityProvidersKey>;

/** Examples of the technical values, the same in every language. */
const EXAMPLES = {
  metadataXml: '<md:EntityDescriptor …>',
  nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  ldapUrl: 'ldaps://ldap.example.com',
  bindDn: 'cn=gatehouse,ou=services,dc=example,dc=com',
  userBase: 'ou=people,dc=example,dc=com',
  groupBase: 'ou=groups,dc=example,dc=com',
  groupFilter: '(member={dn})',
  groupNameAttribute: 'cn',
};

/** The fields every type shares, as the contract's create schema checks them. */
const COMMON = createIdentityProviderSchema.options[0];
const MAPPED = ['username', 'name', 'email', 'phone', 'organization'] as const;
const MAPPED_TEXT = {
  username: 'username',
  name: 'userName',
  email: 'email',
  phone: 'phone',
  organization: 'organization',
} as const satisfies Record<(typeof MAPPED)[number], IdentityProvidersKey>;

/**
 * An identity provider's create, edit and read-only detail form: its type, chosen at creation
 * and fixed afterwards, then that type's section, then what every type has (sign-in, mapping,
 * rules). Secrets are write-only: an edit shows them blank, and blank keeps the stored one.
 */
export function ProviderForm({ record, ...dialog }: RecordFormProps<IdentityProvider, ProviderFormValues>) {
  const t = useProvidersT();
  const [form] = Form.useForm<ProviderFormValues>();
  const creating = dialog.mode === 'CREATE';
  const initialValues = record && !creating ? providerValues(record) : newProviderValues();
  const type: IdentityProviderType = Form.useWatch('type', form) ?? initialValues.type;
  const trustMfa = Form.useWatch('trustMfa', form);
  const editing = !creating;

  return (
    <FormDialog<ProviderFormValues>
      {...dialog}
      form={form}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      width={760}
      formProps={{ name: 'identity-provider' }}
    >
      <Form.Item name="type" label={t('type')} extra={creating ? t('typeHelp') : undefined}>
        <Radio.Group
          optionType="button"
          disabled={!creating}
          options={IDENTITY_PROVIDER_TYPES.map((value) => ({ value, label: t(value) }))}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        rules={fieldRules(COMMON, 'name')}
        extra={t('nameHelp', { example: 'Entra ID' })}
      >
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={fieldRules(COMMON, 'description')}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>

      {type === 'oidc' && <OidcSection record={record} editing={editing} />}
      {type === 'saml' && <SamlSection record={record} editing={editing} />}
      {type === 'ldap' && <LdapSection record={record} editing={editing} />}

      <Divider titlePlacement="start">{t('signInSection')}</Divider>
      <Form.Item
        name="jitProvisioning"
        label={t('jitProvisioning')}
        valuePropName="checked"
        extra={t('jitHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="trustEmail"
        label={t('trustEmail')}
        valuePropName="checked"
        extra={t('trustEmailHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="trustMfa" label={t('trustMfa')} valuePropName="checked" extra={t('trustMfaHelp')}>
        <Switch />
      </Form.Item>
      {trustMfa && (
        <Form.Item name="mfaValues" label={t('mfaValues')} rules={fieldRules(COMMON, 'mfaValues')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label={t('mfaValues')} />
        </Form.Item>
      )}

      <Divider titlePlacement="start">{t('mappingSection')}</Divider>
      <p>{t('mappingHelp')}</p>
      {MAPPED.map((field) => (
        <Form.Item
          key={field}
          name={['attributes', field]}
          label={t(MAPPED_TEXT[field])}
          rules={fieldRules(attributeMappingSchema, field)}
        >
          <Input autoComplete="off" maxLength={300} placeholder={DEFAULT_ATTRIBUTES[type][field]} />
        </Form.Item>
      ))}

      <Divider titlePlacement="start">{t('rulesSection')}</Divider>
      <p>{t('rulesHelp')}</p>
      <RuleList />
    </FormDialog>
  );
}

type SectionProps = { record: IdentityProvider | undefined; editing: boolean };

/** A URL to give the other side, read-only with a copy button that works in the detail too. */
function CopyField({ label, value, help }: { label: string; value: string; help?: ReactNode }) {
  const t = useProvidersT();
  return (
    <Form.Item label={label} extra={help}>
      {/* The detail's form is disabled as a whole; copying stays possible there. */}
      <ConfigProvider componentDisabled={false}>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={value} aria-label={label} />
          <CopyButton text={value} label={`${t('copy')}: ${label}`} type="default" size="middle" />
        </Space.Compact>
      </ConfigProvider>
    </Form.Item>
  );
}

function OidcSection({ record, editing }: SectionProps) {
  const t = useProvidersT();
  const issuer = Form.useWatch(['oidc', 'issuer']) as string | undefined;
  const hasSecret = record?.oidc?.hasClientSecret ?? false;
  return (
    <>
      <Divider titlePlacement="start">{t('oidcSection')}</Divider>
      <Form.Item
        name={['oidc', 'issuer']}
        label={t('issuer')}
        rules={fieldRules(oidcSettingsSchema, 'issuer')}
        extra={t('issuerHelp', { issuer: issuer?.trim() || 'https://login.example.com' })}
      >
        <Input autoComplete="off" inputMode="url" maxLength={2000} placeholder="https://" />
      </Form.Item>
      <Form.Item
        name={['oidc', 'clientId']}
        label={t('clientId')}
        rules={fieldRules(oidcSettingsSchema, 'clientId')}
      >
        <Input autoComplete="off" maxLength={300} />
      </Form.Item>
      <Form.Item
        name={['oidc', 'clientSecret']}
        label={t('clientSecret')}
        rules={fieldRules(oidcSettingsSchema, 'clientSecret')}
        extra={editing ? (hasSecret ? t('secretKeep') : t('secretNone')) : t('secretWriteOnly')}
      >
        <Input.Password autoComplete="new-password" maxLength={1000} />
      </Form.Item>
      <Form.Item
        name={['oidc', 'scopes']}
        label={t('scopes')}
        rules={fieldRules(oidcSettingsSchema, 'scopes')}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label={t('scopes')} />
      </Form.Item>
      <Form.Item name={['oidc', 'pkce']} label={t('pkce')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {record?.redirectUri ? (
        <CopyField label={t('redirectUri')} value={record.redirectUri} help={t('redirectUriHelp')} />
      ) : (
        <p>{t('redirectUriLater')}</p>
      )}
    </>
  );
}

function SamlSection({ record, editing }: SectionProps) {
  const t = useProvidersT();
  const source = (Form.useWatch(['saml', 'source']) as string | undefined) ?? 'xml';
  const saml = record?.saml;
  return (
    <>
      <Divider titlePlacement="start">{t('samlSection')}</Divider>
      <Form.Item name={['saml', 'source']} label={t('metadataSource')}>
        <Radio.Group
          options={[
            { value: 'xml', label: t('metadataFromXml') },
            { value: 'url', label: t('metadataFromUrl') },
          ]}
        />
      </Form.Item>
      {source === 'url' ? (
        <Form.Item
          name={['saml', 'metadataUrl']}
          label={t('metadataUrl')}
          rules={[{ required: true }, ...fieldRules(samlSettingsSchema, 'metadataUrl')]}
          extra={t('metadataUrlHelp')}
        >
          <Input autoComplete="off" inputMode="url" maxLength={2000} placeholder="https://" />
        </Form.Item>
      ) : (
        <Form.Item
          name={['saml', 'metadataXml']}
          label={t('metadataXml')}
          rules={[...(editing ? [] : [{ required: true }]), ...fieldRules(samlSettingsSchema, 'metadataXml')]}
          extra={editing ? t('metadataKeep') : undefined}
        >
          <Input.TextArea rows={6} spellCheck={false} placeholder={EXAMPLES.metadataXml} />
        </Form.Item>
      )}
      {saml && (
        <Form.Item label={t('idpEntityId')}>
          <Input readOnly value={saml.idp.entityId} aria-label={t('idpEntityId')} />
        </Form.Item>
      )}
      <Form.Item
        name={['saml', 'spEntityId']}
        label={t('spEntityId')}
        rules={fieldRules(samlSettingsSchema, 'spEntityId')}
        extra={t('spEntityIdHelp')}
      >
        <Input autoComplete="off" maxLength={500} placeholder={saml?.spMetadataUrl} />
      </Form.Item>
      <Form.Item
        name={['saml', 'nameIdFormat']}
        label={t('nameIdFormat')}
        rules={fieldRules(samlSettingsSchema, 'nameIdFormat')}
      >
        <Input autoComplete="off" maxLength={200} placeholder={EXAMPLES.nameIdFormat} />
      </Form.Item>
      {saml ? (
        <>
          <CopyField label={t('spMetadataUrl')} value={saml.spMetadataUrl} />
          <CopyField label={t('acsUrl')} value={saml.acsUrl} />
        </>
      ) : (
        <p>{t('spUrlsLater')}</p>
      )}
      <Form.Item name="isDefault" label={t('defaultTag')} valuePropName="checked" extra={t('isDefaultHelp')}>
        <Switch />
      </Form.Item>
    </>
  );
}

function LdapSection({ record, editing }: SectionProps) {
  const t = useProvidersT();
  const field = (name: keyof typeof ldapSettingsSchema.shape) => ({
    name: ['ldap', name],
    rules: fieldRules(ldapSettingsSchema, name),
  });
  const hasPassword = record?.ldap?.hasBindPassword ?? false;
  return (
    <>
      <Divider titlePlacement="start">{t('ldapSection')}</Divider>
      <Form.Item {...field('url')} label={t('url')}>
        <Input autoComplete="off" maxLength={500} placeholder={EXAMPLES.ldapUrl} />
      </Form.Item>
      <Form.Item
        name={['ldap', 'startTls']}
        label={t('startTls')}
        valuePropName="checked"
        extra={t('startTlsHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name={['ldap', 'tlsVerify']}
        label={t('tlsVerify')}
        valuePropName="checked"
        extra={t('tlsVerifyHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item {...field('bindDn')} label={t('bindDn')}>
        <Input autoComplete="off" maxLength={500} placeholder={EXAMPLES.bindDn} />
      </Form.Item>
      <Form.Item
        {...field('bindPassword')}
        label={t('bindPassword')}
        extra={editing && hasPassword ? t('secretKeep') : t('secretWriteOnly')}
      >
        <Input.Password autoComplete="new-password" maxLength={1000} />
      </Form.Item>
      <Form.Item {...field('userBase')} label={t('userBase')}>
        <Input autoComplete="off" maxLength={500} placeholder={EXAMPLES.userBase} />
      </Form.Item>
      <Form.Item {...field('userFilter')} label={t('userFilter')} extra={t('userFilterHelp')}>
        <Input autoComplete="off" maxLength={500} />
      </Form.Item>
      <Form.Item {...field('groupBase')} label={t('groupBase')}>
        <Input autoComplete="off" maxLength={500} placeholder={EXAMPLES.groupBase} />
      </Form.Item>
      <Form.Item {...field('groupFilter')} label={t('groupFilter')} extra={t('groupFilterHelp')}>
        <Input autoComplete="off" maxLength={500} placeholder={EXAMPLES.groupFilter} />
      </Form.Item>
      <Form.Item {...field('groupNameAttribute')} label={t('groupNameAttribute')}>
        <Input autoComplete="off" maxLength={100} placeholder={EXAMPLES.groupNameAttribute} />
      </Form.Item>
      <Form.Item {...field('syncIntervalMinutes')} label={t('syncInterval')} extra={t('syncIntervalHelp')}>
        <InputNumber min={5} max={10_080} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

/** The rules: attribute, value, and the role or group it gives, one row each. */
function RuleList() {
  const t = useProvidersT();
  return (
    <Form.List name="rules">
      {(rows, { add, remove }) => (
        <>
          {rows.map((row) => (
            <RuleRow key={row.key} index={row.name} onRemove={() => remove(row.name)} />
          ))}
          <Form.Item>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ target: 'role' })}>
              {t('addRule')}
            </Button>
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}

function RuleRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const t = useProvidersT();
  const target = (Form.useWatch(['rules', index, 'target']) as 'role' | 'group' | undefined) ?? 'role';
  // The rules name their role or group by id: the first roles and groups name them here.
  const roles = useQuery(roleNamesQueryOptions());
  const groups = useQuery(groupChoicesQueryOptions(''));
  const known = useMemo(
    () => (target === 'role' ? roles.data : groups.data) ?? [],
    [target, roles.data, groups.data],
  );
  return (
    <Space align="start" wrap style={{ display: 'flex' }}>
      <Form.Item
        name={[index, 'attribute']}
        rules={fieldRules(mappingRuleSchema, 'attribute')}
        style={{ width: 160 }}
      >
        <Input autoComplete="off" maxLength={300} placeholder={t('attribute')} aria-label={t('attribute')} />
      </Form.Item>
      <Form.Item
        name={[index, 'value']}
        rules={fieldRules(mappingRuleSchema, 'value')}
        style={{ width: 150 }}
      >
        <Input autoComplete="off" maxLength={300} placeholder={t('value')} aria-label={t('value')} />
      </Form.Item>
      <Form.Item name={[index, 'target']} style={{ width: 100 }}>
        <Select
          aria-label={t('target')}
          options={[
            { value: 'role', label: t('role') },
            { value: 'group', label: t('group') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name={[index, 'targetId']}
        rules={fieldRules(mappingRuleSchema, 'targetId')}
        style={{ width: 220 }}
      >
        <RemoteSelect
          search={target === 'role' ? roleChoicesQueryOptions : groupChoicesQueryOptions}
          known={known}
          aria-label={t('targetId')}
          placeholder={target === 'role' ? t('searchRoles') : t('searchGroups')}
        />
      </Form.Item>
      <Button
        type="text"
        icon={<MinusCircleOutlined />}
        aria-label={t('removeRule')}
        title={t('removeRule')}
        onClick={onRemove}
      />
    </Space>
  );
}
