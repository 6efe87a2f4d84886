import { PlusOutlined } from '@ant-design/icons';
import type { Organization } from '@gatehouse/contract';
import { Button, Card, Col, Empty, Row } from 'antd';
import { useSearchParams } from 'react-router';
import { useExpansion } from '@/components/list-screen/lazy-tree';
import { useRecordDialog } from '@/components/list-screen/use-record-dialog';
import { AccessDisable, useAllowed } from '@/lib/access';
import { useNavTitle } from '@/lib/nav-titles';
import { ORGANIZATION_ID_PARAM } from '../paths';
import { need } from '../shared/access-codes';
import { useIdentityT } from '../shared/messages';
import { nameCodeBody } from '../shared/name-code-items';
import { useCreateOrganization } from './api/create-organization';
import { OrganizationDetail } from './components/organization-detail';
import { OrganizationForm, type OrganizationFormValues } from './components/organization-form';
import { OrganizationTree } from './components/organization-tree';
import { ORGANIZATION_CODES } from './organization-codes';

/**
 * Manage Organization (spec §2): the organization tree, which can be searched and rearranged
 * by dragging, and beside it the chosen organization with its members. The chosen one is in
 * the URL (`organizationId`), so a reload or a link keeps it.
 */
export function OrganizationPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get(ORGANIZATION_ID_PARAM) ?? undefined;
  const select = (organizationId: string | undefined) =>
    setParams(organizationId ? { [ORGANIZATION_ID_PARAM]: organizationId } : {});
  const expansion = useExpansion('organizations');
  const canMove = useAllowed(need(ORGANIZATION_CODES, 'update'));
  const create = useCreateOrganization();
  const t = useIdentityT();
  const navTitle = useNavTitle();
  const dialog = useRecordDialog<
    Organization,
    OrganizationFormValues,
    Record<never, never>,
    never,
    Organization
  >({
    scope: {},
    newMode: 'CREATE',
    create: (values, { from }) =>
      create.mutateAsync({ ...nameCodeBody(values), parentId: from?.organizationId ?? null }),
    afterCreate: (created, parent) => {
      // The new organization shows, open under its parent, and is the one chosen.
      if (parent) expansion.open(parent.organizationId);
      select(created.organizationId);
    },
  });

  return (
    <Card
      title={navTitle('Manage Organization')}
      extra={
        <AccessDisable {...need(ORGANIZATION_CODES, 'create')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={dialog.openNew}>
            {t('newOrganization')}
          </Button>
        </AccessDisable>
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={10}>
          <OrganizationTree
            selected={selected}
            onSelect={(organization) => select(organization.organizationId)}
            expansion={expansion}
            canMove={canMove}
          />
        </Col>
        <Col xs={24} lg={14}>
          {selected ? (
            <OrganizationDetail
              // Another organization's members and pending adds have nothing to do with this one.
              key={selected}
              organizationId={selected}
              codes={ORGANIZATION_CODES}
              onAddChild={(parent) => dialog.openFrom('CREATE', parent)}
              onDeleted={() => select(undefined)}
            />
          ) : (
            <Empty description={t('chooseInTree')} />
          )}
        </Col>
      </Row>
      <OrganizationForm {...dialog.form} />
    </Card>
  );
}
