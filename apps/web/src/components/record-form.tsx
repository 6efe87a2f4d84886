import type { FormRule } from 'antd';
import { MESSAGES } from '@gatehouse/contract';
import { Localized } from './localized';

/*
 * What a list screen and its record form agree on: the form's modes, its props and the rule of
 * a required field. Apart from form-dialog.tsx, so a list screen's way does not load the dialog
 * (antd's Modal and Form) before a form opens.
 */

/**
 * The one form's modes (STYLE.md habit 5, spec §4); DETAIL shows the record read-only. A form
 * that creates one kind of record creates in CREATE. One that creates several kinds names the
 * kind instead: `FormMode<ResourceType>` is the resource form's CREATE_CATEGORY, CREATE_MENU,
 * CREATE_ELEMENT, EDIT and DETAIL.
 */
export type FormMode<Kind extends string = never> =
  | ([Kind] extends [never] ? 'CREATE' : `CREATE_${Kind}`)
  | 'EDIT'
  | 'DETAIL';

/** Whether `mode` creates a record: CREATE or a CREATE_<kind>. */
export function isCreateMode(mode: string): boolean {
  return mode === 'CREATE' || mode.startsWith('CREATE_');
}

/** The kind a CREATE_<kind> mode creates, e.g. MENU for CREATE_MENU; undefined in any other mode. */
export function createKindOf<Kind extends string>(mode: FormMode<Kind>): Kind | undefined {
  return mode.startsWith('CREATE_') ? (mode.slice('CREATE_'.length) as Kind) : undefined;
}

/** What a list screen hands its form (see ListScreen); each screen's form takes these props. */
export type RecordFormProps<Row, Values, Kind extends string = never> = {
  open: boolean;
  mode: FormMode<Kind>;
  /**
   * EDIT and DETAIL: the record shown. A create opened from a row, such as "Add menu", gets
   * that row (there, the parent); a create from the New button gets none.
   */
  record?: Row;
  onSubmit: (values: Values) => Promise<void>;
  onClose: () => void;
};

/** The rule of every required field in the console: "This item is required". */
export const required: FormRule[] = [{ required: true, message: <Localized message={MESSAGES.required} /> }];
