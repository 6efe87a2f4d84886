import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Organization } from '@gatehouse/contract';
import { Button, Card, Descriptions, Empty, Flex, Skeleton } from 'antd';
import { Link } from 'react-router';
import { HistoryButton } from '@/components/audit/history-button';
import { ConfirmDelete } from '@/components/confirm-action';
import { ConfirmToggle } from '@/components/confirm-toggle';
import { formatDateTime } from '@/components/list-screen/columns';
import { StatusTag } from '@/components/status-tag';
import { AccessDisable } from '@/lib/access';
import { toEditOrganization } from '../../paths';
import { type AreaCodes, need } from '../../shared/access-codes';
import { useIdentityT } from '../../shared/messages';
import { useDeleteOrganization } from '../api/delete-organization';
import { useOrganization } from '../api/get-organization';
import { useSetOrganizationStatus } from '../api/set-organization-status';
import { OrganizationMembers } from './organization-members';

export type OrganizationDetailProps = {
  organizationId: string;
  codes: AreaCodes;
  onAddChild: (parent: Organization) => void;
  onDeleted: () => void;
};

/** The fields of an organization, as the detail and the edit screen show them. */
export function OrganizationFacts({ organization }: { organization: Organization }) {
  const t = useIdentityT();
  return (
    <Descriptions column={2} size="small" bordered>
      <Descriptions.Item label={t('name')}>{organization.name}</Descriptions.Item>
      <Descriptions.Item label={t('code')}>{organization.code}</Descriptions.Item>
      <Descriptions.Item label={t('path')} span={2}>
        {organization.path}
      </Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <StatusTag status={organization.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('members')}>{organization.memberCount}</Descriptions.Item>
      <Descriptions.Item label={t('description')} span={2}>
        {organization.description || '--'}
      </Descriptions.Item>
      <Descriptions.Item label={t('created')}>{formatDateTime(organization.createdDate)}</Descriptions.Item>
      <Descriptions.Item label={t('lastModified')}>
        {formatDateTime(organization.lastModifiedDate)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The status toggle and Delete of one organization, each asking first. */
export function OrganizationActions({
  organization,
  codes,
  onDeleted,
}: {
  organization: Organization;
  codes: AreaCodes;
  onDeleted: () => void;
}) {
  const setStatus = useSetOrganizationStatus();
  const remove = useDeleteOrganization();
  const t = useIdentityT();
  return (
    <>
      <AccessDisable {...need(codes, 'status')}>
        <ConfirmToggle
          status={organization.status}
          what="organization"
          onConfirm={async (status) => {
            await setStatus.mutateAsync({ organizationId: organization.organizationId, status });
          }}
        />
      </AccessDisable>
      <AccessDisable {...need(codes, 'delete')}>
        <ConfirmDelete
          what="organization"
          description={t('organizationDeleteText')}
          onConfirm={async () => {
            await remove.mutateAsync(organization.organizationId);
            onDeleted();
          }}
        />
      </AccessDisable>
    </>
  );
}

/** The organization chosen in the tree: its fields, what can be done with it, and its members. */
export function OrganizationDetail({
  organizationId,
  codes,
  onAddChild,
  onDeleted,
}: OrganizationDetailProps) {
  const query = useOrganization(organizationId);
  const organization = query.data;
  const t = useIdentityT();
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!organization) {
    return (
      <Empty description={t('organizationLoadFailed')}>
        <Button onClick={() => query.refetch()}>{t('retry')}</Button>
      </Empty>
    );
  }
  return (
    <>
      <Card
        size="small"
        title={organization.name}
        extra={
          <Flex gap={4} align="center" wrap>
            <Link
              to={toEditOrganization({ organizationId })}
              aria-label={t('editNamed', { name: organization.name })}
            >
              <EditOutlined /> {t('edit')}
            </Link>
            <AccessDisable {...need(codes, 'create')}>
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => onAddChild(organization)}
              >
                {t('addChild')}
              </Button>
            </AccessDisable>
            <OrganizationActions organization={organization} codes={codes} onDeleted={onDeleted} />
            <HistoryButton
              target={{ entity: 'organization', entityId: organizationId, name: organization.name }}
            />
          </Flex>
        }
        style={{ marginBottom: 16 }}
      >
        <OrganizationFacts organization={organization} />
      </Card>
      <Card size="small" title={t('members')}>
        <OrganizationMembers organizationId={organizationId} need={need(codes, 'update')} />
      </Card>
    </>
  );
}
