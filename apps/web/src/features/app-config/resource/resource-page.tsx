import { LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ENABLED_STATUSES,
  RESOURCE_TYPES,
  type Resource,
  type Status,
  toggleConfirmText,
} from '@gatehouse/contract';
import { ConfirmToggle, type ToggleSubject } from '@/components/confirm-toggle';
import { PagedTable } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { SearchBar, type SearchField } from '@/components/search-bar';
import { StatusTag } from '@/components/status-tag';
import { useListState } from '@/components/use-list-state';
import { AccessDisable, useAccess } from '@/lib/access';
import { AppContextBar } from '../shared/app-context-bar';
import { NewRecordButton } from '../shared/new-record-button';
import { useCurrentApplication } from '../shared/use-current-application';
import { useCreateResource } from './api/create-resource';
import { useResourceChildren } from './api/resource-children';
import { useResourceList } from './api/resource-list';
import { toUpdateBody, useUpdateResource } from './api/update-resource';
import { type ParentType, ResourceForm, type ResourceFormValues } from './components/resource-form';
import type { ResourceFormMode } from '@/components/form-dialog';

export const RESOURCE_SEARCH_FIELDS: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'id', label: 'ID', type: 'text' },
  {
    name: 'type',
    label: 'Type',
    type: 'multi-select',
    options: RESOURCE_TYPES.map((t) => ({ label: t, value: t })),
  },
  {
    name: 'status',
    label: 'Status',
    type: 'multi-select',
    options: ENABLED_STATUSES.map((s) => ({ label: s, value: s })),
  },
  { name: 'created', label: 'Created date', type: 'date' },
];

/** A node as the tree table shows it: with the children loaded so far and where it sits. */
export type ResourceRow = Resource & { parentType: ParentType; children?: ResourceRow[] };

/** Spec §2: the resource URL alone shows a single hyphen when empty. */
export const EMPTY_URL = '-';

/** The noun of the toggle prompt: "Disable this menu ?" (spec §8). */
export const toggleSubject = (resource: Pick<Resource, 'type'>) =>
  resource.type.toLowerCase() as ToggleSubject;

/** The prompt a row's Disable/Enable asks, for tests and readers; ConfirmToggle builds the same. */
export const resourceToggleText = (resource: Pick<Resource, 'type' | 'status'>) =>
  toggleConfirmText(resource.status === 'ENABLED' ? 'DISABLED' : 'ENABLED', toggleSubject(resource));

/**
 * Nodes with their loaded children nested under them. A node with children but none loaded
 * yet gets an empty list, which is what makes the table draw its expander; a leaf gets none.
 */
export function buildTree(
  nodes: Resource[],
  parentType: ParentType,
  loaded: ReadonlyMap<string, Resource[]>,
  nested: boolean,
): ResourceRow[] {
  return nodes.map((node) => ({
    ...node,
    parentType,
    children:
      nested && node.childCount > 0
        ? buildTree(loaded.get(node.resourceId) ?? [], node.type, loaded, nested)
        : undefined,
  }));
}

type ResourceColumnsOptions = {
  onOpen: (mode: ResourceFormMode, row: ResourceRow) => void;
  onToggle: (row: ResourceRow, next: Status) => Promise<void>;
  /** Whether the user may edit and add; without it those show disabled with this title. */
  can: { update: boolean; create: boolean };
  noPermissionTitle: string;
};

export function resourceColumns({
  onOpen,
  onToggle,
  can,
  noPermissionTitle,
}: ResourceColumnsOptions): TableColumnsType<ResourceRow> {
  const gate = (allowed: boolean) => ({ disabled: !allowed, title: allowed ? undefined : noPermissionTitle });
  return [
    {
      title: 'Action',
      key: 'action',
      width: 170,
      render: (_, row) => (
        <RowActions
          items={[
            { key: 'detail', label: 'Detail', onClick: () => onOpen('DETAIL', row) },
            { key: 'edit', label: 'Edit', onClick: () => onOpen('EDIT', row), ...gate(can.update) },
            {
              key: 'add-menu',
              label: 'Add menu',
              onClick: () => onOpen('CREATE_MENU', row),
              hidden: row.type === 'ELEMENT',
              ...gate(can.create),
            },
            {
              key: 'add-element',
              label: 'Add element',
              onClick: () => onOpen('CREATE_ELEMENT', row),
              hidden: row.type !== 'MENU',
              ...gate(can.create),
            },
          ]}
          extra={
            <AccessDisable code="resource:status">
              <ConfirmToggle
                status={row.status}
                what={toggleSubject(row)}
                onConfirm={(next) => onToggle(row, next)}
              />
            </AccessDisable>
          }
        />
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 110,
      render: (status: string) => <StatusTag status={status} />,
    },
    { title: 'Name', dataIndex: 'name' },
    { title: 'ID', dataIndex: 'id' },
    { title: 'Type', dataIndex: 'type', width: 110 },
    {
      title: 'URL',
      dataIndex: 'url',
      ellipsis: true,
      render: (url: string | null) => (url ? url : EMPTY_URL),
    },
    { title: 'Index', dataIndex: 'order', width: 80 },
  ];
}

type Dialog = {
  open: boolean;
  mode: ResourceFormMode;
  /** The node edited or shown (EDIT, DETAIL), or the parent (CREATE_MENU, CREATE_ELEMENT). */
  row?: ResourceRow;
};

const NAME_COLUMN = 2;

/** The resource tree of one application (spec §2, App Resource). */
function ResourceTree({ appId }: { appId: string }) {
  const list = useListState({ fields: RESOURCE_SEARCH_FIELDS });
  const roots = useResourceList({ appId, page: list.page, size: list.size, search: list.search });
  const searching = Object.keys(list.search).length > 0;

  // Expansions belong to the rows on screen: another page or search starts collapsed.
  const view = JSON.stringify([list.page, list.size, list.search]);
  const [expansion, setExpansion] = useState<{ view: string; keys: string[] }>({ view, keys: [] });
  const expanded = expansion.view === view ? expansion.keys : [];
  const setExpanded = (update: (keys: string[]) => string[]) =>
    setExpansion((e) => ({ view, keys: update(e.view === view ? e.keys : []) }));

  const loaded = useResourceChildren(searching ? [] : expanded);
  // A search answers with nodes at any depth, so it is shown as a flat list.
  const rows = buildTree(roots.data?.items ?? [], searching ? undefined : null, loaded.children, !searching);

  const createResource = useCreateResource();
  const updateResource = useUpdateResource();
  const [dialog, setDialog] = useState<Dialog>({ open: false, mode: 'CREATE_CATEGORY' });
  const can = { update: useAccess('resource:update'), create: useAccess('resource:create') };
  const { t } = useTranslation();
  const creating = dialog.mode.startsWith('CREATE_');

  const submit = async (values: ResourceFormValues) => {
    const url = values.type === 'CATEGORY' ? null : values.url?.trim() || null;
    if (!creating && dialog.row) {
      await updateResource.mutateAsync({ ...toUpdateBody(dialog.row), ...values, url });
      return;
    }
    // Spec §5: without an application the create is skipped silently.
    if (!appId) return;
    const parent = dialog.mode === 'CREATE_CATEGORY' ? undefined : dialog.row;
    await createResource.mutateAsync({
      ...values,
      applicationId: appId,
      ...(values.type === 'CATEGORY' ? {} : { url }),
      ...(parent ? { parentId: parent.resourceId } : {}),
    });
    // Show the new node where it went.
    if (parent && !searching) {
      const id = parent.resourceId;
      setExpanded((keys) => (keys.includes(id) ? keys : [...keys, id]));
    }
  };

  const expandable: TableProps<ResourceRow>['expandable'] = {
    expandedRowKeys: expanded,
    expandIconColumnIndex: NAME_COLUMN,
    onExpand: (open, row) =>
      setExpanded((keys) => (open ? [...keys, row.resourceId] : keys.filter((k) => k !== row.resourceId))),
    expandIcon: ({ prefixCls, expanded: isOpen, expandable: canOpen, onExpand, record }) => {
      const iconClass = `${prefixCls}-row-expand-icon`;
      if (loaded.loading.has(record.resourceId)) {
        return <LoadingOutlined role="status" aria-label="Loading children" style={{ marginInlineEnd: 8 }} />;
      }
      if (!canOpen) return <span className={`${iconClass} ${iconClass}-spaced`} />;
      return (
        <button
          type="button"
          className={`${iconClass} ${iconClass}-${isOpen ? 'expanded' : 'collapsed'}`}
          aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${record.name}`}
          aria-expanded={isOpen}
          onClick={(e) => {
            e.stopPropagation();
            onExpand(record, e);
          }}
        />
      );
    },
  };

  const emptyText = roots.isError ? (
    <Empty description="The resources could not be loaded.">
      <Button onClick={() => roots.refetch()}>Retry</Button>
    </Empty>
  ) : (
    <Empty description={searching ? 'No resource matches the search.' : 'No resources yet.'} />
  );

  return (
    <>
      <SearchBar
        fields={RESOURCE_SEARCH_FIELDS}
        value={list.search}
        onSearch={list.setSearch}
        onReset={list.reset}
      />
      <Flex justify="flex-end" style={{ margin: '16px 0' }}>
        <NewRecordButton
          code="resource:create"
          onClick={() => setDialog({ open: true, mode: 'CREATE_CATEGORY' })}
        >
          New category
        </NewRecordButton>
      </Flex>
      <PagedTable<ResourceRow>
        label="Resources"
        rowKey="resourceId"
        columns={resourceColumns({
          onOpen: (mode, row) => setDialog({ open: true, mode, row }),
          can,
          noPermissionTitle: t('noPermission'),
          onToggle: async (row, status) => {
            await updateResource.mutateAsync({ ...toUpdateBody(row), status });
          },
        })}
        data={rows}
        total={roots.data?.total ?? 0}
        page={list.page}
        size={list.size}
        loading={roots.isLoading || roots.isPlaceholderData}
        onChange={list.setPage}
        expandable={expandable}
        emptyText={emptyText}
      />
      <ResourceForm
        open={dialog.open}
        mode={dialog.mode}
        resource={creating ? undefined : dialog.row}
        parentType={creating ? undefined : dialog.row?.parentType}
        parentName={creating ? dialog.row?.name : undefined}
        onSubmit={submit}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </>
  );
}

export function ResourcePage() {
  const current = useCurrentApplication();
  return (
    <Card title="App Resource">
      <AppContextBar />
      {current.status === 'ready' && <ResourceTree key={current.appId} appId={current.appId} />}
    </Card>
  );
}
