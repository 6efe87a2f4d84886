import { LoadingOutlined } from '@ant-design/icons';
import { PLATFORM_APP_ID, PRODUCT_NAME, type Resource } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Skeleton, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useState } from 'react';
import { applicationChoicesQueryOptions } from '@/api/applications';
import { buildTree, type TreeRow, useTreeChildren } from '@/components/list-screen/lazy-tree';
import { Notice } from '@/components/notice';
import { RemoteSelect } from '@/components/remote-select';
import { useIdentityT } from '../../shared/messages';
import { resourceChildrenQueryOptions, resourceRootsQueryOptions } from '../api/application-resources';
import { type GrantOffer, OFFER_ALL, resourceCheckable } from '../grant-offer';
import { type ChildrenOf, grantResource, isHiddenGrant, type ParentOf, revokeResource } from '../grants';

const TREE = { hasChildren: (node: Resource) => node.childCount > 0, children: resourceChildrenQueryOptions };
const keyOf = (node: Resource) => node.resourceId;
const PLATFORM_CHOICE = { value: PLATFORM_APP_ID, label: `${PRODUCT_NAME} (${PLATFORM_APP_ID})` };

export type ResourceGrantTreeProps = {
  /** Every granted resource, of every application: the form's `resources`. */
  value?: string[];
  onChange?: (value: string[]) => void;
  readOnly?: boolean;
  /** What the caller may give: a resource they may not is not checked anew. Everything by default. */
  offer?: GrantOffer;
};

/**
 * The resources a role grants, as a checkbox tree over one application's resource tree at a
 * time (the platform's, the console's own navigation, first). Each level loads when it opens.
 * Checking a node grants its parents too, and unchecking it revokes what is open below it
 * (`grantResource`, `revokeResource`); the grants of the other applications stay as they are.
 * A resource the caller may not give cannot be checked, but one granted can be unchecked.
 */
export function ResourceGrantTree({
  value = [],
  onChange,
  readOnly,
  offer = OFFER_ALL,
}: ResourceGrantTreeProps) {
  const [applicationId, setApplicationId] = useState(PLATFORM_APP_ID);
  const t = useIdentityT();
  return (
    <>
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        <label htmlFor="grant-tree-application">{t('application')}</label>
        <RemoteSelect
          id="grant-tree-application"
          search={applicationChoicesQueryOptions}
          known={[PLATFORM_CHOICE]}
          value={applicationId}
          onChange={(next) => setApplicationId(next ?? PLATFORM_APP_ID)}
          // Browsing another application's tree changes nothing, so it stays usable read-only.
          disabled={false}
          style={{ width: 360 }}
        />
      </Flex>
      <Typography.Paragraph type="secondary">
        {t(value.length === 1 ? 'resourcesGrantedOne' : 'resourcesGrantedMany', { n: value.length })}
      </Typography.Paragraph>
      {/* Another application's tree has nothing open. */}
      <ApplicationTree
        key={applicationId}
        applicationId={applicationId}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        offer={offer}
      />
    </>
  );
}

type ApplicationTreeProps = Omit<ResourceGrantTreeProps, 'value' | 'offer'> & {
  applicationId: string;
  value: string[];
  offer: GrantOffer;
};

function ApplicationTree({ applicationId, value, onChange, readOnly, offer }: ApplicationTreeProps) {
  const roots = useQuery(resourceRootsQueryOptions(applicationId));
  const t = useIdentityT();
  const [expanded, setExpanded] = useState<string[]>([]);
  const children = useTreeChildren(TREE, expanded);
  const rows = buildTree(roots.data ?? [], { tree: TREE, keyOf, loaded: children.loaded, nested: true });

  const loadedNodes = [...(roots.data ?? []), ...[...children.loaded.values()].flat()];
  const parents = new Map(loadedNodes.map((node) => [node.resourceId, node.parentId]));
  const parentOf: ParentOf = (id) => parents.get(id);
  const childrenOf: ChildrenOf = (id) => (children.loaded.get(id) ?? []).map(keyOf);
  const granted = new Set(value);

  if (roots.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (roots.isError) {
    return (
      <Empty description={t('resourcesLoadFailed')}>
        <Button onClick={() => roots.refetch()}>{t('retry')}</Button>
      </Empty>
    );
  }
  if (rows.length === 0) return <Empty description={t('noResources')} />;

  const toNode = (row: TreeRow<Resource>): TreeDataNode => {
    const checkable = resourceCheckable(offer, row, granted, parentOf);
    return {
      key: row.resourceId,
      isLeaf: !TREE.hasChildren(row),
      children: row.children?.map(toNode),
      disableCheckbox: !checkable,
      title: (
        <Flex gap={6} align="center" wrap title={checkable ? undefined : t('resourceNotHeld')}>
          <span>{row.name}</span>
          <Typography.Text type="secondary" code>
            {row.id}
          </Typography.Text>
          <Tag>{row.type}</Tag>
          {row.status !== 'ENABLED' && <Tag color="red">{row.status}</Tag>}
          {isHiddenGrant(granted, row.resourceId, parentOf) && (
            <Typography.Text type="warning">{t('hiddenGrant')}</Typography.Text>
          )}
          {children.loading.has(row.resourceId) && (
            <LoadingOutlined role="status" aria-label={t('loadingChildren')} />
          )}
        </Flex>
      ),
    };
  };

  return (
    <>
      {applicationId === PLATFORM_APP_ID && (
        <Notice type="info" showIcon style={{ marginBottom: 12 }} title={t('platformResources')} />
      )}
      <Tree
        aria-label={t('resources')}
        checkable
        checkStrictly
        selectable={false}
        disabled={readOnly}
        treeData={rows.map(toNode)}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={{ checked: loadedNodes.map(keyOf).filter((id) => granted.has(id)), halfChecked: [] }}
        onCheck={(_, info) => {
          const id = String(info.node.key);
          onChange?.(
            info.checked ? grantResource(value, id, parentOf) : revokeResource(value, id, childrenOf),
          );
        }}
      />
    </>
  );
}
