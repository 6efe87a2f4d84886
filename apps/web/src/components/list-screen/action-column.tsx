import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { Status } from '@gatehouse/contract';
import { AccessDisable } from '@/lib/access';
import { ConfirmToggle, type ToggleSubject } from '../confirm-toggle';
import type { FormMode } from '../form-dialog';
import { type RowAction, RowActions } from '../row-actions';

/** A row action that opens the form to create from the row, e.g. "Add menu" in CREATE_MENU. */
export type CreateFromRow<Row, Kind extends string = never> = {
  key: string;
  label: string;
  mode: FormMode<Kind>;
  /** Left out on the rows it does not apply to, e.g. "Add element" on a category. */
  hiddenFor?: (row: Row) => boolean;
};

/** The Disable/Enable of spec §4, which asks before it acts. The row's `status` says which it offers. */
export type StatusToggle<Row> = {
  /** The element code it needs; without it the toggle shows disabled with the no-permission title. */
  code: string;
  /** The noun of the prompt: "Disable this client?", "Disable this menu ?". */
  subject: (row: Row) => ToggleSubject;
  onToggle: (row: Row, next: Status) => Promise<unknown>;
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
};

function statusOf(row: object): string | undefined {
  return 'status' in row && typeof row.status === 'string' ? row.status : undefined;
}

/**
 * The row "Action" column: a menu of Detail, Edit and the create actions, with the status
 * toggle and any extra beside it, since a control that asks first cannot sit in a menu. An
 * action the user may not take shows disabled with the no-permission title.
 */
export function actionColumn<Row extends object, Kind extends string = never>({
  open,
  editable,
  can,
  noPermission,
  createFromRow = [],
  toggle,
  extra,
}: ActionColumnOptions<Row, Kind>): TableColumnType<Row> {
  const gate = (allowed: boolean) => ({ disabled: !allowed, title: allowed ? undefined : noPermission });
  const items = (row: Row): RowAction[] => [
    ...(editable
      ? [
          { key: 'detail', label: 'Detail', onClick: () => open('DETAIL', row) },
          { key: 'edit', label: 'Edit', onClick: () => open('EDIT', row), ...gate(can.update) },
        ]
      : []),
    ...createFromRow.map((action) => ({
      key: action.key,
      label: action.label,
      onClick: () => open(action.mode, row),
      hidden: action.hiddenFor?.(row),
      ...gate(can.create),
    })),
  ];
  return {
    title: 'Action',
    key: 'action',
    width: toggle || extra ? 170 : 120,
    render: (_, row) => (
      <RowActions
        items={items(row)}
        extra={
          (extra || toggle) && (
            <>
              {extra?.(row)}
              {toggle && (
                <AccessDisable code={toggle.code}>
                  <ConfirmToggle
                    status={statusOf(row)}
                    what={toggle.subject(row)}
                    onConfirm={async (next) => {
                      await toggle.onToggle(row, next);
                    }}
                  />
                </AccessDisable>
              )}
            </>
          )
        }
      />
    ),
  };
}
