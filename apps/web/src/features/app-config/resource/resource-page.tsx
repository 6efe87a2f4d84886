import {
  elementCodes,
  RESOURCE_PARENT_RULES,
  RESOURCE_TYPES,
  type Resource,
  type ResourceType,
  toggleConfirmText,
} from '@gatehouse/contract';
import type { ToggleSubject } from '@/components/confirm-toggle';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import type { CreateFromRow } from '@/components/list-screen/action-column';
import { statusColumn } from '@/components/list-screen/columns';
import type { LazyTree } from '@/components/list-screen/lazy-tree';
import { CREATED_DATE_FIELD, optionsOf, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { appConfigPath } from '../paths';
import { AppListScreen, appListPreload } from '../shared/app-list-screen';
import { appConfigText, useAppConfigT } from '../shared/messages';
import { resourcesBulk } from './api/bulk-resources';
import { useCreateResource } from './api/create-resource';
import { resourceChildrenQueryOptions } from './api/resource-children';
import { resourceListQueryOptions } from './api/resource-list';
import { toUpdateBody, useUpdateResource } from './api/update-resource';
import type { PlacedResource, ResourceFormValues } from './components/resource-form';

const ResourceForm = lazyForm(() => import('./components/resource-form').then((m) => m.ResourceForm));

const CODES = elementCodes(appConfigPath('resource'));

export const RESOURCE_SEARCH_FIELDS: SearchField[] = [
  {
    get label() {
      return appConfigText('name');
    },
    name: 'name',
    type: 'text',
  },
  {
    get label() {
      return appConfigText('id');
    },
    name: 'id',
    type: 'text',
  },
  {
    name: 'type',
    get label() {
      return appConfigText('type');
    },
    type: 'multi-select',
    options: optionsOf(RESOURCE_TYPES),
  },
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

/** Spec §2: the resource URL alone shows a single hyphen when empty. */
export const EMPTY_URL = '-';

/** The noun of the toggle prompt: "Disable this menu ?" (spec §8). */
export const toggleSubject = (resource: Pick<Resource, 'type'>) =>
  resource.type.toLowerCase() as ToggleSubject;

/** The prompt a row's Disable/Enable asks, for tests and readers; ConfirmToggle builds the same. */
export const resourceToggleText = (resource: Pick<Resource, 'type' | 'status'>) =>
  toggleConfirmText(resource.status === 'ENABLED' ? 'DISABLED' : 'ENABLED', toggleSubject(resource));

/** Spec §2: after Action, Status, Name, ID, Type, URL and Index (the order). */
const COLUMNS: Column<PlacedResource>[] = [
  statusColumn(),
  {
    get title() {
      return appConfigText('name');
    },
    dataIndex: 'name',
  },
  {
    get title() {
      return appConfigText('id');
    },
    dataIndex: 'id',
  },
  {
    get title() {
      return appConfigText('type');
    },
    dataIndex: 'type',
    width: 110,
  },
  {
    get title() {
      return appConfigText('url');
    },
    dataIndex: 'url',
    ellipsis: true,
    render: (url: string | null) => (url ? url : EMPTY_URL),
  },
  {
    get title() {
      return appConfigText('index');
    },
    dataIndex: 'order',
    width: 80,
  },
];

/** Spec §4 hierarchy: a node's children load when it opens, and each knows its parent's type. */
export const RESOURCE_TREE: LazyTree<PlacedResource> = {
  hasChildren: (node) => node.childCount > 0,
  children: resourceChildrenQueryOptions,
  expandIn: 'name',
  nameOf: (node) => node.name,
  place: (node, parent) => ({ ...node, parentType: parent === null ? null : parent?.type }),
};

/** "Add menu" and "Add element", offered on the rows such a child may sit under (RESOURCE_PARENT_RULES). */
const addUnder = (type: 'MENU' | 'ELEMENT', label: string): CreateFromRow<PlacedResource, ResourceType> => ({
  key: `add-${type.toLowerCase()}`,
  label,
  mode: `CREATE_${type}`,
  hiddenFor: (row) => !RESOURCE_PARENT_RULES[type].includes(row.type),
});

/** A category has no URL (spec §5), and a blank one is none at all. */
const urlOf = (values: ResourceFormValues) =>
  values.type === 'CATEGORY' ? null : values.url?.trim() || null;

/** What the route asks for before the screen renders. */
export const preload = appListPreload(resourceListQueryOptions, RESOURCE_SEARCH_FIELDS);

/** App Resource (spec §2): the resource tree of the application named by `appId`. */
export function ResourcePage() {
  const create = useCreateResource();
  const update = useUpdateResource();
  const t = useAppConfigT();
  return (
    <AppListScreen<PlacedResource, ResourceFormValues, ResourceType>
      title="App Resource"
      names={{ one: t('resourceOne'), many: t('resourceMany') }}
      fields={RESOURCE_SEARCH_FIELDS}
      list="resources"
      audit={{ entity: 'resource' }}
      bulk={resourcesBulk}
      nameOf={(node) => node.name}
      rows={resourceListQueryOptions}
      rowKey="resourceId"
      columns={COLUMNS}
      actionsFirst
      tree={RESOURCE_TREE}
      create={{
        code: CODES.create,
        label: t('newCategory'),
        mode: 'CREATE_CATEGORY',
        fromRow: [addUnder('MENU', t('addMenu')), addUnder('ELEMENT', t('addElement'))],
        save: (values, { from, scope }) =>
          create.mutateAsync({
            ...values,
            applicationId: scope.appId,
            ...(values.type === 'CATEGORY' ? {} : { url: urlOf(values) }),
            ...(from ? { parentId: from.resourceId } : {}),
          }),
      }}
      update={{
        code: CODES.update,
        save: (values, row) => update.mutateAsync({ ...toUpdateBody(row), ...values, url: urlOf(values) }),
      }}
      toggle={{
        code: CODES.status,
        subject: toggleSubject,
        onToggle: (row, status) => update.mutateAsync({ ...toUpdateBody(row), status }),
      }}
      form={(props) => <ResourceForm {...props} />}
    />
  );
}
