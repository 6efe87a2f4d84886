import { PlusOutlined } from '@ant-design/icons';
import {
  AUDIT_PERMISSION_ID,
  type AuditEntity,
  type ListName,
  MESSAGES,
  parseListSort,
  sortFieldsOf,
} from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDisable, useAccess, useHasAction } from '@/lib/access';
import { i18n } from '@/lib/i18n';
import { useNavTitle } from '@/lib/nav-titles';
import { SearchInput } from '../antd-parts';
import { type Column, columnId } from '../data-table';
import { FormLoadBoundary, FormLoading, lazyForm } from '../lazy-form';
import { PagedTable } from '../paged-table';
import { Panel } from '../panel';
import type { FormMode, RecordFormProps } from '../record-form';
import { SearchBar, type SearchField } from '../search-bar';
import { NO_SELECTION, type Selection, withVisibility, withWidth } from '../table-state';
import { useAllows } from '../use-allows';
import { type ListState, useListState } from '../use-list-state';
import { useToast } from '../use-toast';
import {
  actionColumn,
  type CreateFromRow,
  type RowDelete,
  type RowMenuAction,
  type StatusToggle,
} from './action-column';
import type { BulkTarget, ListBulk } from './bulk';
import { ColumnsMenu } from './columns-menu';
import { filterRows } from './filter-rows';
import {
  buildTree,
  type Expansion,
  type LazyTree,
  PlacedRows,
  treeTable,
  useExpansion,
  useTreeChildren,
} from './lazy-tree';
import { type ListQuery, pageParams, type QueryOptionsOf, type RowsPage } from './list-query';
import { useTablePreference } from './table-preferences';
import { type CreateContext, useRecordDialog } from './use-record-dialog';
import '../messages';

// The bar shows once a row is selected: its code (and the download's) waits until then.
const BulkBar = lazy(() => import('./bulk-bar').then((m) => ({ default: m.BulkBar })));
// A row's History, its drawer and the diff's code, load when it is first opened.
const HistoryDrawer = lazyForm(() => import('../audit/history-drawer').then((m) => m.default));

/** The scope of a list that belongs to nothing, such as the applications. */
export type Unscoped = Record<never, never>;
export const UNSCOPED: Unscoped = {};

/** What a screen calls its records, for the texts the kit writes: "No clients yet.", "New client". */
export type RecordNames = { one: string; many: string };

export type ListScreenProps<
  Row extends object,
  Values,
  Scope extends object,
  Kind extends string = never,
  Created = unknown,
> = {
  /** The card's title, which is also the route's: the built-in English one is translated (nav-titles). */
  title: string;
  names: RecordNames;
  /** Above the list, e.g. the application bar of the app-config screens. */
  header?: ReactNode;
  /** What the records belong to, e.g. `{ appId }`; while null there is neither list nor New. */
  scope: Scope | null;
  fields: SearchField[];
  /** The page of rows: the list api file's queryOptions. */
  rows: (params: ListQuery & Scope) => QueryOptionsOf<RowsPage<Row>>;
  rowKey: keyof Row & string;
  /** The screen's own columns; the kit adds the Action column. */
  columns: Column<Row>[];
  /**
   * The list by its contract name: its headers sort by the contract's fields for it
   * (LIST_SORTS), and the user's column choices and widths are kept under it.
   */
  list: ListName;
  /** The list's bulk actions and CSV export (its api file's `listBulk`); rows are selectable with it. */
  bulk?: ListBulk<ListQuery & Scope>;
  /** A row's name in its checkbox's label: "Select alice". */
  nameOf?: (row: Row) => string;
  /** The Action column goes first rather than last. */
  actionsFirst?: boolean;
  /** The fields the local "Type to search" filter of the page's rows matches; no filter without. */
  localFilter?: readonly (keyof Row)[];
  /** Max body height before the table scrolls. */
  scrollY?: number;
  tree?: LazyTree<Row>;
  create: {
    /** The element code New and the create actions need. */
    code: string;
    /** The New button's text; "New <one>" by default. */
    label?: string;
    /** The mode New opens; CREATE by default. */
    mode?: FormMode<Kind>;
    save: (values: Values, context: CreateContext<Row, Scope, Kind>) => Promise<Created>;
    /** Row actions that create from the row, e.g. "Add menu". */
    fromRow?: CreateFromRow<Row, Kind>[];
    /** After the create has saved and said so, e.g. to show what only the answer carries. */
    onCreated?: (created: Created) => void;
  };
  /** Without it the records are not edited, and rows offer neither Detail nor Edit. */
  update?: { code: string; save: (values: Values, record: Row) => Promise<unknown> };
  toggle?: StatusToggle<Row>;
  /** Without it rows offer no Delete. */
  remove?: RowDelete<Row>;
  /** Further actions of the row's menu, e.g. "Reset password". */
  rowActions?: RowMenuAction<Row>[];
  /**
   * The records' entity as the audit trail names it (the server's, AUDIT_ENTITIES). Every row's
   * menu then offers History, the audit records of that entity whose id is the row's key, to a
   * user whose role may read the audit log.
   */
  audit: { entity: AuditEntity };
  /** Why a row may not change (e.g. a built-in record); its changing actions show disabled. */
  lockedFor?: (row: Row) => string | undefined;
  /** Whether the user may change the row at all (the server's per-record answer); where not, its changing actions are left out. */
  changeable?: (row: Row) => boolean;
  /** Shown in the row's Action cell beside the menu, e.g. a link. */
  rowExtra?: (row: Row) => ReactNode;
  /**
   * The screen's form, given the dialog's state; drawn from its first opening on. A form made
   * with lazyForm loads only then.
   */
  form: (props: RecordFormProps<Row, Values, Kind>) => ReactNode;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export type EmptyState = {
  failed: boolean;
  /** The local filter hides every row of a page that has some. */
  filteredOut: boolean;
  searching: boolean;
};

/** What the empty table says: the load failed, nothing on the page passes the filter, nothing matches the search, or there are none. */
export function emptyDescription(names: RecordNames, { failed, filteredOut, searching }: EmptyState): string {
  if (failed) return i18n.t('kit:loadFailed', names);
  if (filteredOut) return i18n.t('kit:filteredOut');
  if (searching) return i18n.t('kit:noMatch', names);
  return i18n.t('kit:none', names);
}

/**
 * A list screen of the console (spec §2): a card with the New button, the search, the table
 * with its Action column and pager, and the one form in its modes. Edits say "Saved
 * successfully" and creates "Created successfully"; a failure has its toast from the HTTP
 * client. A screen gives its columns, its form and its api file's calls.
 */
export function ListScreen<
  Row extends object,
  Values,
  Scope extends object,
  Kind extends string = never,
  Created = unknown,
>(props: ListScreenProps<Row, Values, Scope, Kind, Created>) {
  const { title, names, header, scope, fields, tree, create, update, form } = props;
  const { t } = useTranslation();
  const navTitle = useNavTitle();
  // Spec §6, both checks: the menu's element codes (a missing one disables the control) and
  // the role's actions on the screen's permission (a missing one leaves a row action out,
  // and without `retrieve` the list is not asked for).
  const canCreate = useAccess(create.code);
  // Without `update` there is no Edit, and no code to check.
  const canUpdate = useAccess(update?.code ?? '');
  const roleCan = useHasAction();
  const allows = useAllows();
  const list = useListState({ fields });
  const searching = Object.keys(list.search).length > 0;
  const expansion = useExpansion(JSON.stringify([scope, list.page, list.size, list.search]));
  const { rowKey } = props;
  const readable = roleCan('retrieve');
  const keyOf = useCallback((row: Row) => String(row[rowKey]), [rowKey]);
  const dialog = useRecordDialog<Row, Values, Scope, Kind, Created>({
    scope,
    // Only a form without create kinds may leave the mode out, and its create mode is CREATE.
    newMode: create.mode ?? ('CREATE' as FormMode<Kind>),
    create: create.save,
    update: update?.save,
    afterCreate: (created, from) => {
      // In a tree, what is made from a row is its child: the row opens to show it.
      if (tree && from && !searching) expansion.open(keyOf(from));
      create.onCreated?.(created);
    },
  });

  // The form draws from its first opening on (and stays, to close with its animation), so a
  // lazily loaded form (lazyForm) loads only when it is wanted.
  const [formWanted, setFormWanted] = useState(false);
  if (dialog.form.open && !formWanted) setFormWanted(true);
  const toast = useToast();
  const formFailed = (error: unknown) => {
    console.warn('The form could not be loaded', error);
    dialog.form.onClose();
    toast.error(i18n.t('kit:formLoadFailed'));
  };

  const noPermission = t('noPermission');
  const { toggle, rowExtra, rowActions, remove, lockedFor, changeable, audit, nameOf } = props;
  // The Audit Log's permission, not this screen's: History reads the trail.
  const readsAudit = roleCan('retrieve', AUDIT_PERMISSION_ID);
  const [history, setHistory] = useState<{ open: boolean; row?: Row }>({ open: false });
  const openHistory = useCallback((row: Row) => setHistory({ open: true, row }), []);
  const historyFailed = (error: unknown) => {
    console.warn('The history could not be loaded', error);
    setHistory((h) => ({ ...h, open: false }));
    // Its code did not arrive: the connection's failure, said as the HTTP client says it.
    toast.error(MESSAGES.networkError);
  };
  // Built again only when what it shows changes, so opening a row of a tree draws only the
  // rows that appear, not every row of the table.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a dependency though unread, since the column's texts are read when its cells draw
  const actions = useMemo(
    () =>
      actionColumn<Row, Kind>({
        open: dialog.openFrom,
        editable: update !== undefined,
        can: { create: canCreate, update: canUpdate },
        noPermission,
        createFromRow: create.fromRow,
        toggle,
        extra: rowExtra,
        rowActions,
        allows,
        roleCan,
        remove,
        lockedFor,
        changeable,
        history: readsAudit ? openHistory : undefined,
      }),
    [
      dialog.openFrom,
      update === undefined,
      canCreate,
      canUpdate,
      noPermission,
      create.fromRow,
      toggle,
      rowExtra,
      rowActions,
      allows,
      roleCan,
      remove,
      lockedFor,
      changeable,
      readsAudit,
      openHistory,
      i18n.language,
    ],
  );

  return (
    <Panel
      title={navTitle(title)}
      extra={
        scope !== null && (
          <AccessDisable code={create.code} action="create">
            <Button type="primary" icon={<PlusOutlined />} onClick={dialog.openNew}>
              {create.label ?? i18n.t('kit:newOne', names)}
            </Button>
          </AccessDisable>
        )
      }
    >
      {header}
      {scope !== null && (
        <ListBody<Row, Scope>
          // Another scope's rows, filter and expansions have nothing to do with these.
          key={JSON.stringify(scope)}
          {...props}
          scope={scope}
          state={list}
          searching={searching}
          expansion={expansion}
          keyOf={keyOf}
          readable={readable}
          actions={actions}
        />
      )}
      {history.row && (
        <FormLoadBoundary open={history.open} onError={historyFailed}>
          <Suspense fallback={history.open && <FormLoading label={t('loading')} />}>
            <HistoryDrawer
              target={{
                entity: audit.entity,
                entityId: keyOf(history.row),
                name: nameOf?.(history.row) ?? keyOf(history.row),
              }}
              open={history.open}
              onClose={() => setHistory((h) => ({ ...h, open: false }))}
            />
          </Suspense>
        </FormLoadBoundary>
      )}
      {formWanted && (
        <FormLoadBoundary open={dialog.form.open} onError={formFailed}>
          <Suspense fallback={dialog.form.open && <FormLoading label={t('loading')} />}>
            {form(dialog.form)}
          </Suspense>
        </FormLoadBoundary>
      )}
    </Panel>
  );
}

type ListBodyProps<Row extends object, Scope extends object> = Pick<
  ListScreenProps<Row, unknown, Scope>,
  | 'names'
  | 'fields'
  | 'rows'
  | 'rowKey'
  | 'columns'
  | 'actionsFirst'
  | 'localFilter'
  | 'scrollY'
  | 'tree'
  | 'list'
  | 'bulk'
  | 'nameOf'
  | 'toggle'
  | 'remove'
> & {
  scope: Scope;
  state: ListState;
  searching: boolean;
  expansion: Expansion;
  keyOf: (row: Row) => string;
  /** The role may read these records; without it they are not asked for. */
  readable: boolean;
  actions: Column<Row>;
};

/** The search, the local filter and the table of one scope's rows. */
function ListBody<Row extends object, Scope extends object>({
  names,
  fields,
  rows: rowsOf,
  rowKey,
  columns,
  actionsFirst,
  localFilter,
  scrollY,
  tree,
  scope,
  list: listName,
  bulk,
  nameOf,
  toggle,
  remove,
  state: list,
  searching,
  expansion,
  keyOf,
  readable,
  actions,
}: ListBodyProps<Row, Scope>) {
  const { t } = useTranslation();
  const params = pageParams(scope, list);
  const rows = useQuery({
    ...rowsOf(params),
    enabled: readable,
  });
  const roleCan = useHasAction();
  const allows = useAllows();
  const toast = useToast();
  const selection = useSelection(JSON.stringify(params));
  const { preference, save } = useTablePreference(listName);
  const sortFields = useMemo(() => sortFieldsOf(listName), [listName]);
  const sorting = useMemo(
    () => ({ fields: sortFields, value: parseListSort(list.sort), onChange: list.setSort }),
    [sortFields, list.sort, list.setSort],
  );
  const layout = useMemo(
    () => ({
      hidden: preference.hidden,
      widths: preference.widths,
      onResize: (id: string, width: number) => save(withWidth(preference, id, width)),
    }),
    [preference, save],
  );
  const [filter, setFilter] = useState('');
  const children = useTreeChildren(tree, searching ? [] : expansion.keys);

  const roots = rows.data?.items;
  // The rows that did not change keep their objects, so the table does not draw them again.
  const [placed] = useState(() => new PlacedRows<Row>());
  const data = useMemo(
    () =>
      tree
        ? buildTree(roots ?? [], { tree, keyOf, loaded: children.loaded, nested: !searching, placed })
        : (roots ?? []),
    [roots, tree, keyOf, children.loaded, searching, placed],
  );
  const shown = useMemo(
    () => (localFilter ? filterRows(data, filter, localFilter) : data),
    [data, filter, localFilter],
  );
  const allColumns = useMemo(
    () => (actionsFirst ? [actions, ...columns] : [...columns, actions]),
    [actions, columns, actionsFirst],
  );
  const menuColumns = allColumns.map((c, i) => ({
    id: columnId(c, i),
    title: c.title,
    shown: !preference.hidden.includes(columnId(c, i)),
    hideable: !c.alwaysShown,
  }));
  // An action is offered as its row action is: the screen has it, the role's action and the
  // menu's element code allow it.
  const bulkActions = (bulk?.actions ?? []).filter((action) =>
    action === 'delete'
      ? remove !== undefined && roleCan('delete') && allows(remove.code)
      : toggle !== undefined && roleCan('update') && allows(toggle.code),
  );
  const total = rows.data?.total ?? 0;
  const target = (): BulkTarget =>
    selection.value.allMatching ? { all: true } : { ids: [...selection.value.keys] };
  const tableSelection = useMemo(
    () =>
      bulk && readable
        ? { value: selection.value, onChange: selection.set, nameOf: nameOf ?? keyOf }
        : undefined,
    [bulk, readable, selection.value, selection.set, nameOf, keyOf],
  );

  const description = readable
    ? emptyDescription(names, {
        failed: rows.isError,
        filteredOut: filter.trim() !== '' && data.length > 0,
        searching,
      })
    : t('noPermission');
  const emptyText = (
    <Empty description={description}>
      {rows.isError && <Button onClick={() => rows.refetch()}>{t('retry')}</Button>}
    </Empty>
  );

  return (
    <>
      <SearchBar fields={fields} value={list.search} onSearch={list.setSearch} onReset={list.reset} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, margin: '16px 0 8px' }}>
        <ColumnsMenu
          columns={menuColumns}
          onToggle={(id, shown) =>
            save(
              withVisibility(
                preference,
                id,
                shown,
                menuColumns.filter((c) => c.hideable).map((c) => c.id),
              ),
            )
          }
        />
        {localFilter && (
          <SearchInput
            aria-label={i18n.t('kit:filterPage')}
            placeholder={i18n.t('kit:typeToSearch')}
            allowClear
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ width: 240 }}
          />
        )}
      </div>
      {bulk && (selection.value.allMatching || selection.value.keys.size > 0) && (
        <Suspense fallback={null}>
          <BulkBar
            selection={selection.value}
            onChange={selection.set}
            pageKeys={(rows.data?.items ?? []).map(keyOf)}
            total={total}
            actions={bulkActions}
            many={names.many}
            run={async (action) => {
              const done = await bulk.run(action, target(), params);
              selection.set(NO_SELECTION);
              toast.success(
                i18n.t('kit:bulkDone', { action: i18n.t(`kit:${action}`), count: done.affected }),
              );
            }}
            exportCsv={async () => {
              const csv = await bulk.exportCsv(target(), params);
              const { download } = await import('./download');
              download(csv, `${listName}-${new Date().toISOString().slice(0, 10)}.csv`);
            }}
          />
        </Suspense>
      )}
      <PagedTable<Row>
        label={capitalised(names.many)}
        sorting={sorting}
        selection={tableSelection}
        layout={layout}
        rowKey={rowKey}
        columns={allColumns}
        data={shown}
        total={rows.data?.total ?? 0}
        page={list.page}
        size={list.size}
        loading={rows.isLoading || rows.isPlaceholderData}
        onChange={list.setPage}
        scrollY={scrollY}
        tree={
          tree &&
          treeTable({
            tree,
            keyOf,
            expansion,
            loading: children.loading,
          })
        }
        emptyText={emptyText}
      />
    </>
  );
}

/**
 * The rows selected, which belong to the rows on screen: another `view` (page, size, search,
 * sort or scope) starts with none.
 */
function useSelection(view: string): { value: Selection; set: (next: Selection) => void } {
  const [state, setState] = useState<{ view: string; value: Selection }>({ view, value: NO_SELECTION });
  const value = state.view === view ? state.value : NO_SELECTION;
  const set = useCallback((next: Selection) => setState({ view, value: next }), [view]);
  return { value, set };
}
