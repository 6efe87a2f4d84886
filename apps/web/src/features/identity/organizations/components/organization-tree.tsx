import { LoadingOutlined } from '@ant-design/icons';
import { MESSAGES, type Organization } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Flex,
  Input,
  Skeleton,
  Tag,
  Tree,
  type TreeDataNode,
  type TreeProps,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { fieldErrorsOf } from '@/components/form-dialog';
import { buildTree, type Expansion, type TreeRow, useTreeChildren } from '@/components/list-screen/lazy-tree';
import { useDebounced } from '@/components/remote-select';
import { useToast } from '@/components/use-toast';
import { useIdentityT } from '../../shared/messages';
import { organizationChildrenQueryOptions, organizationSearchQueryOptions } from '../api/list-organizations';
import { useMoveOrganization } from '../api/move-organization';
import { decideMove } from '../move-rules';

const TREE = {
  hasChildren: (node: Organization) => node.childCount > 0,
  children: (key: string) => organizationChildrenQueryOptions(key),
};
const keyOf = (node: Organization) => node.organizationId;

export type OrganizationTreeProps = {
  selected: string | undefined;
  onSelect: (organization: Organization) => void;
  expansion: Expansion;
  /** Whether the user may move organizations (`organization:update`), by dragging them. */
  canMove: boolean;
};

function NodeTitle({ node, loading }: { node: Organization; loading: boolean }) {
  const t = useIdentityT();
  return (
    <Flex gap={6} align="center" wrap>
      <span>{node.name}</span>
      <Typography.Text type="secondary" code>
        {node.code}
      </Typography.Text>
      {node.status !== 'ENABLED' && <Tag color="red">{node.status}</Tag>}
      <Typography.Text type="secondary" title={t('members')}>
        ({node.memberCount})
      </Typography.Text>
      {loading && <LoadingOutlined role="status" aria-label={t('loadingChildren')} />}
    </Flex>
  );
}

/**
 * The organization tree: each level loads when it opens, a search lists the matches at any
 * depth by their paths, and dragging a node onto another moves it there once confirmed
 * (`decideMove` says what a drop means). Moving also has a keyboard way: the Parent field of
 * Edit Organization.
 */
export function OrganizationTree({ selected, onSelect, expansion, canMove }: OrganizationTreeProps) {
  const toast = useToast();
  const move = useMoveOrganization();
  const t = useIdentityT();
  const confirming = useRef(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, 300).trim();
  const searching = keyword !== '';

  const roots = useQuery(organizationChildrenQueryOptions(null));
  const children = useTreeChildren(TREE, searching ? [] : expansion.keys);
  const found = useQuery({ ...organizationSearchQueryOptions({ keyword }), enabled: searching });

  const loaded = [...(roots.data ?? []), ...[...children.loaded.values()].flat()];
  const byId = new Map(loaded.map((node) => [node.organizationId, node]));
  const parentOf = (id: string) => byId.get(id)?.parentId;

  const toNode = (row: TreeRow<Organization>): TreeDataNode => ({
    key: row.organizationId,
    isLeaf: !TREE.hasChildren(row),
    title: <NodeTitle node={row} loading={children.loading.has(row.organizationId)} />,
    children: row.children?.map(toNode),
  });

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = byId.get(String(info.dragNode.key));
    // One drop asks once, even when the browser reports it twice.
    if (!dragged || confirming.current) return;
    const decision = decideMove(
      { dragged: dragged.organizationId, target: String(info.node.key), besides: info.dropToGap },
      parentOf,
    );
    if (decision.kind === 'stay') return;
    if (decision.kind === 'refused') {
      toast.warning(decision.reason);
      return;
    }
    const parent = decision.parentId === null ? undefined : byId.get(decision.parentId);
    confirming.current = true;
    confirmDialog({
      afterClose: () => {
        confirming.current = false;
      },
      title: parent
        ? t('moveUnder', { name: dragged.name, parent: parent.name })
        : t('moveToTop', { name: dragged.name }),
      content: t('moveText'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await move.mutateAsync({ organizationId: dragged.organizationId, parentId: decision.parentId });
          toast.success(MESSAGES.changedSuccessfully);
          if (decision.parentId !== null) expansion.open(decision.parentId);
        } catch (error) {
          // A refusal the server pins on parentId is not toasted by the HTTP client: there is no form here.
          const fields = fieldErrorsOf(error);
          if (fields) toast.error(Object.values(fields).join(' '));
        }
      },
    });
  };

  const body = () => {
    const query = searching ? found : roots;
    if (query.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
    if (query.isError) {
      return (
        <Empty description={t('organizationsLoadFailed')}>
          <Button onClick={() => query.refetch()}>{t('retry')}</Button>
        </Empty>
      );
    }
    if (searching) {
      const matches = found.data?.items ?? [];
      if (matches.length === 0) return <Empty description={t('noOrganizationMatches')} />;
      return (
        <Tree
          aria-label={t('organizationsFound')}
          treeData={matches.map((node) => ({
            key: node.organizationId,
            isLeaf: true,
            title: <NodeTitle node={{ ...node, name: node.path }} loading={false} />,
          }))}
          selectedKeys={selected ? [selected] : []}
          onSelect={(_, info) => {
            const node = matches.find((m) => m.organizationId === info.node.key);
            if (node) onSelect(node);
          }}
        />
      );
    }
    const rows = buildTree(roots.data ?? [], { tree: TREE, keyOf, loaded: children.loaded, nested: true });
    if (rows.length === 0) return <Empty description={t('noOrganizations')} />;
    return (
      <Tree
        aria-label={t('organizations')}
        blockNode
        draggable={canMove ? { icon: false } : false}
        treeData={rows.map(toNode)}
        expandedKeys={expansion.keys}
        onExpand={(_, info) => expansion.toggle(String(info.node.key), info.expanded)}
        selectedKeys={selected ? [selected] : []}
        onSelect={(_, info) => {
          const node = byId.get(String(info.node.key));
          if (node) onSelect(node);
        }}
        onDrop={onDrop}
      />
    );
  };

  return (
    <>
      <Input.Search
        aria-label={t('searchOrganizationsTree')}
        placeholder={t('searchByNameOrCode')}
        allowClear
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {canMove && !searching && (
        <Typography.Paragraph type="secondary">{t('dragToMove')}</Typography.Paragraph>
      )}
      {body()}
    </>
  );
}
