import { type Action, MESSAGES, type Status } from '@gatehouse/contract';
import type { ReactElement, ReactNode } from 'react';
import { NoPermission } from '@/lib/access';
import { i18n, type MessageOptions } from '@/lib/i18n';
import { ConfirmAction } from '../confirm-action';
import { nextStatus, type ToggleNoun, toggleTexts } from '../confirm-toggle';
import type { Column } from '../data-table';
import type { FormMode } from '../record-form';
import { type RowAction, RowActions } from '../row-actions';
import '../messages';

/** A row action that opens the form to create from the row, e.g. "Add menu" in CREATE_MENU. */
export type CreateFromRow<Row, Kind extends string = never> = {
  key: string;
  label: string;
  mode: FormMode<Kind>;
  /** Left out on the rows it does not apply to, e.g. "Add element" on a category. */
  hiddenFor?: (row: Row) => boolean;
};

/**
 * The Disable/Enable of spec §4, which asks before it acts. The row's `status` (or what
 * `status` reads) says which it offers.
 */
export type StatusToggle<Row> = {
  /** The element code it needs; without it the toggle shows disabled with the no-permission title. */
  code: string;
  /** The noun of the prompt: "Disable this client?", "Disable this menu ?". */
  subject: (row: Row) => ToggleNoun;
  onToggle: (row: Row, next: Status) => Promise<unknown>;
  /** What the change to `next` stops or detaches, said in the prompt; nothing by default. */
  consequence?: (row: Row, next: Status) => string | undefined;
  /** The row's status, for records that keep it otherwise (a webhook's `enabled`); the row's `status` by default. */
  status?: (row: Row) => Status;
};

/** A row action of the menu besides Detail and Edit, e.g. "Reset password". */
export type RowMenuAction<Row> = {
  key: string;
  label: string;
  onClick: (row: Row) => void;
  /**
   * The element code it needs; without it the action shows disabled with the no-permission
   * title. An action without a code only reads, and anyone who sees the list may take it.
   */
  code?: string;
  /** Left out on the rows it does not apply to. */
  hiddenFor?: (row: Row) => boolean;
  /** It changes the row, so a locked row (`lockedFor`) offers it disabled. */
  changes?: boolean;
};

/** The Delete of a row, which asks first (Popconfirm) and says "Deleted successfully". */
export type RowDelete<Row> = {
  /** The element code it needs; without it Delete shows disabled with the no-permission title. */
  code: string;
  /** The noun of the prompt: "Delete this user?". */
  subject: string;
  /** What else goes with the row, said under the question. */
  description?: (row: Row) => ReactNode;
  onDelete: (row: Row) => Promise<unknown>;
};

export type ActionColumnOptions<Row, Kind extends string = never> = {
  open: (mode: FormMode<Kind>, row: Row) => void;
  /** Whether the screen edits its records, and so offers Detail and Edit. */
  editable: boolean;
  can: { create: boolean; update: boolean };
  /** The title of an action the user may not take. */
  noPermission: string;
  createFromRow?: CreateFromRow<Row, Kind>[];
  toggle?: StatusToggle<Row>;
  /** Shown beside the menu, e.g. a link to another screen. */
  extra?: (row: Row) => ReactNode;
  /** Further actions of the menu, after Detail, Edit and the create actions. */
  rowActions?: RowMenuAction<Row>[];
  /** Whether the user holds a row action's code; without it every coded action is disabled. */
  allows?: (code: string) => boolean;
  /**
   * The per-route check of spec §6 on the screen's permission (`useHasAction`). An action
   * whose create, update or delete the role lacks is left out, since the user can never take
   * it; a missing element code only disables it. Without it every action is offered.
   */
  roleCan?: (action: Action) => boolean;
  remove?: RowDelete<Row>;
  /**
   * Why the row may not change, e.g. "The built-in Administrator role cannot be changed":
   * Edit, the status toggle, Delete and the changing row actions show disabled with it.
   */
  lockedFor?: (row: Row) => string | undefined;
  /**
   * Whether the user may change this row at all, as the server says per record (delegation:
   * an account or a role beyond what they manage). Where not, Edit, the status toggle, Delete
   * and the changing row actions are left out, as an action the role lacks is.
   */
  changeable?: (row: Row) => boolean;
  /** Opens the row's History, the last item of the menu; left out without it (the user may not read the audit log). */
  history?: (row: Row) => void;
};

function statusOf(row: object): string | undefined {
  return 'status' in row && typeof row.status === 'string' ? row.status : undefined;
}

/**
 * The row "Action" column: a menu of Detail, Edit, the create actions and History, with the status
 * toggle and any extra beside it, since a control that asks first cannot sit in a menu. An
 * action whose element code the user lacks shows disabled with the no-permission title; one
 * whose action the role lacks on the screen's permission is not offered at all.
 */
export function actionColumn<Row extends object, Kind extends string = never>({
  open,
  editable,
  can,
  noPermission,
  createFromRow = [],
  toggle,
  extra,
  rowActions = [],
  allows = () => false,
  roleCan = () => true,
  remove,
  lockedFor = () => undefined,
  changeable = () => true,
  history,
}: ActionColumnOptions<Row, Kind>): Column<Row> {
  // The kit's texts are read once for the column, not in every row: the column is built
  // again when the language changes.
  const texts = new Map<string, string>();
  const kitT = (key: string, options?: MessageOptions) => {
    const id = options ? `${key} ${JSON.stringify(options)}` : key;
    let text = texts.get(id);
    if (text === undefined) {
      text = i18n.t(`kit:${key}`, options);
      texts.set(id, text);
    }
    return text;
  };
  /** Disabled with the reason: no permission first, else the row's lock when the action changes it. */
  const gate = (allowed: boolean, locked?: string) => ({
    disabled: !allowed || locked !== undefined,
    title: allowed ? locked : noPermission,
  });
  const items = (row: Row): RowAction[] => {
    const locked = lockedFor(row);
    const mayUpdate = roleCan('update') && changeable(row);
    return [
      ...(editable
        ? [
            { key: 'detail', label: kitT('detail'), onClick: () => open('DETAIL', row) },
            {
              key: 'edit',
              label: kitT('edit'),
              onClick: () => open('EDIT', row),
              hidden: !mayUpdate,
              ...gate(can.update, locked),
            },
          ]
        : []),
      ...createFromRow.map((action) => ({
        key: action.key,
        label: action.label,
        onClick: () => open(action.mode, row),
        hidden: action.hiddenFor?.(row) || !roleCan('create'),
        ...gate(can.create),
      })),
      ...rowActions.map((action) => ({
        key: action.key,
        label: action.label,
        onClick: () => action.onClick(row),
        hidden: action.hiddenFor?.(row) || (action.changes && !mayUpdate),
        ...gate(action.code === undefined || allows(action.code), action.changes ? locked : undefined),
      })),
      // Reading the trail changes nothing, so neither a lock nor an element code holds it back.
      ...(history ? [{ key: 'history', label: kitT('history'), onClick: () => history(row) }] : []),
    ];
  };
  // The permissions are checked once for the column rather than in every row.
  const gated = (code: string, control: ReactElement<{ disabled?: boolean; title?: string }>) =>
    allows(code) ? control : <NoPermission title={noPermission}>{control}</NoPermission>;
  const showToggle = toggle !== undefined && roleCan('update');
  const showRemove = remove !== undefined && roleCan('delete');
  const beside = (row: Row) => {
    const locked = lockedFor(row);
    const next = nextStatus(toggle?.status ? toggle.status(row) : statusOf(row));
    const mayChange = changeable(row);
    return (
      <>
        {extra?.(row)}
        {showToggle &&
          mayChange &&
          gated(
            toggle.code,
            <ConfirmAction
              {...toggleTexts(next, toggle.subject(row), kitT)}
              description={toggle.consequence?.(row, next)}
              success={MESSAGES.changedSuccessfully}
              disabled={locked !== undefined}
              title={locked}
              onConfirm={() => toggle.onToggle(row, next)}
            />,
          )}
        {showRemove &&
          mayChange &&
          gated(
            remove.code,
            <ConfirmAction
              question={kitT('confirmDelete', { what: remove.subject })}
              label={kitT('delete')}
              success={kitT('deletedSuccessfully')}
              danger
              description={remove.description?.(row)}
              disabled={locked !== undefined}
              title={locked}
              onConfirm={() => remove.onDelete(row)}
            />,
          )}
      </>
    );
  };
  return {
    // Read when the table renders, so the column follows the language.
    get title() {
      return i18n.t('kit:action');
    },
    key: 'action',
    alwaysShown: true,
    width: 120 + (toggle || extra ? 50 : 0) + (remove ? 60 : 0),
    render: (_, row) => (
      <RowActions
        items={items(row)}
        label={kitT('action')}
        extra={(extra || toggle || remove) && beside(row)}
      />
    ),
  };
}
