import { ArrowLeftOutlined } from '@ant-design/icons';
import { MESSAGES, type Organization, updateOrganizationSchema } from '@gatehouse/contract';
import { Button, Card, Flex, Form, Input, Result, Skeleton } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { organizationChoice, organizationChoicesQueryOptions } from '@/api/organizations';
import { useFormSubmit } from '@/components/form-dialog';
import { Notice } from '@/components/notice';
import { RemoteSelect } from '@/components/remote-select';
import { useToast } from '@/components/use-toast';
import { AccessDisable, useAllowed } from '@/lib/access';
import { isApiError } from '@/lib/http';
import { IDENTITY_PATHS, ORGANIZATION_ID_PARAM } from '../paths';
import { need } from '../shared/access-codes';
import { useIdentityT } from '../shared/messages';
import { NameCodeItems, type NameCodeValues, nameCodeBody } from '../shared/name-code-items';
import { useOrganization } from './api/get-organization';
import { useMoveOrganization } from './api/move-organization';
import { useUpdateOrganization } from './api/update-organization';
import { OrganizationActions, OrganizationFacts } from './components/organization-detail';
import { OrganizationMembers } from './components/organization-members';
import { ORGANIZATION_CODES } from './organization-codes';

function BackLink() {
  const t = useIdentityT();
  return (
    <Link to={IDENTITY_PATHS.organization}>
      <ArrowLeftOutlined /> {t('backToOrganizations')}
    </Link>
  );
}

/** Its name, code and description, saved with `organization:update`. */
function DetailsForm({ organization, editable }: { organization: Organization; editable: boolean }) {
  const [form] = Form.useForm<NameCodeValues>();
  const update = useUpdateOrganization();
  const toast = useToast();
  const t = useIdentityT();
  const submit = useFormSubmit(form, async (values) => {
    await update.mutateAsync({ organizationId: organization.organizationId, ...nameCodeBody(values) });
    toast.success(MESSAGES.savedSuccessfully);
  });
  // A saved change (or another tab's) comes back from the server as the new state of the fields.
  useEffect(() => {
    form.setFieldsValue({
      name: organization.name,
      code: organization.code,
      description: organization.description,
    });
  }, [organization, form]);

  return (
    <Form<NameCodeValues>
      form={form}
      layout="vertical"
      disabled={!editable}
      onFinish={submit.finish}
      style={{ maxWidth: 560 }}
    >
      {submit.otherErrors.length > 0 && <Notice type="error" showIcon title={submit.otherErrors.join(' ')} />}
      <NameCodeItems schema={updateOrganizationSchema} />
      <AccessDisable {...need(ORGANIZATION_CODES, 'update')}>
        <Button type="primary" htmlType="submit" loading={submit.submitting}>
          {t('save')}
        </Button>
      </AccessDisable>
    </Form>
  );
}

type PlaceValues = { parentId: string | null };

/** Its place in the tree: a parent picked from a search, or none for the top level. */
function PlaceForm({ organization, editable }: { organization: Organization; editable: boolean }) {
  const [form] = Form.useForm<PlaceValues>();
  const move = useMoveOrganization();
  const parent = useOrganization(organization.parentId ?? undefined);
  const toast = useToast();
  const t = useIdentityT();
  const submit = useFormSubmit(form, async ({ parentId }) => {
    await move.mutateAsync({ organizationId: organization.organizationId, parentId: parentId ?? null });
    toast.success(MESSAGES.changedSuccessfully);
  });
  useEffect(() => {
    form.setFieldsValue({ parentId: organization.parentId });
  }, [organization, form]);

  return (
    <Form<PlaceValues>
      form={form}
      layout="vertical"
      disabled={!editable}
      onFinish={submit.finish}
      style={{ maxWidth: 560 }}
    >
      <Form.Item label={t('path')}>
        <Input value={organization.path} disabled />
      </Form.Item>
      <Form.Item name="parentId" label={t('parent')} extra={t('parentHelp')}>
        <RemoteSelect
          search={organizationChoicesQueryOptions}
          known={parent.data ? [organizationChoice(parent.data)] : []}
          exclude={[organization.organizationId]}
          placeholder={t('topLevel')}
        />
      </Form.Item>
      <AccessDisable {...need(ORGANIZATION_CODES, 'update')}>
        <Button htmlType="submit" loading={submit.submitting}>
          {t('move')}
        </Button>
      </AccessDisable>
    </Form>
  );
}

/**
 * Edit Organization (spec §2; /admin-setting/edit-organization?organizationId=…): one
 * organization's fields, its place in the tree, and its members.
 */
export function EditOrganizationPage() {
  const [params] = useSearchParams();
  const organizationId = params.get(ORGANIZATION_ID_PARAM)?.trim() || undefined;
  const query = useOrganization(organizationId);
  const editable = useAllowed(need(ORGANIZATION_CODES, 'update'));
  const navigate = useNavigate();
  const t = useIdentityT();

  if (organizationId === undefined) {
    return (
      <Result
        status="info"
        title={t('chooseOrganization')}
        subTitle={t('chooseOrganizationText')}
        extra={<BackLink />}
      />
    );
  }
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  const organization = query.data;
  if (!organization) {
    const unknown = isApiError(query.error) && query.error.status === 404;
    return (
      <Result
        status="warning"
        title={unknown ? t('organizationUnknown') : t('organizationNotLoaded')}
        extra={
          <Flex gap={16} justify="center" align="center">
            {!unknown && <Button onClick={() => query.refetch()}>{t('retry')}</Button>}
            <BackLink />
          </Flex>
        }
      />
    );
  }

  return (
    <Card
      title={t('editOrganizationTitle', { name: organization.name })}
      extra={
        <Flex gap={8} align="center">
          <OrganizationActions
            organization={organization}
            codes={ORGANIZATION_CODES}
            onDeleted={() => navigate(IDENTITY_PATHS.organization)}
          />
          <BackLink />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <OrganizationFacts organization={organization} />
        <Card size="small" title={t('details')}>
          <DetailsForm organization={organization} editable={editable} />
        </Card>
        <Card size="small" title={t('place')}>
          <PlaceForm organization={organization} editable={editable} />
        </Card>
        <Card size="small" title={t('members')}>
          <OrganizationMembers
            organizationId={organization.organizationId}
            need={need(ORGANIZATION_CODES, 'update')}
          />
        </Card>
      </Flex>
    </Card>
  );
}
