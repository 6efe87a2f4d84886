import { MESSAGES } from '@gatehouse/contract';
import { useCallback, useState } from 'react';
import { type FormMode, isCreateMode, type RecordFormProps } from '../record-form';
import { useToast } from '../use-toast';

/** Where a create happens: in which mode, from which row (if any), for which scope. */
export type CreateContext<Row, Scope, Kind extends string = never> = {
  mode: FormMode<Kind>;
  /** The row whose action opened the form, e.g. the parent of "Add menu"; none from New. */
  from?: Row;
  scope: Scope;
};

export type RecordDialogOptions<Row, Values, Scope, Kind extends string = never, Created = unknown> = {
  /** What the records belong to, e.g. `{ appId }`; null while it is not known. */
  scope: Scope | null;
  /** The mode New opens: CREATE, or a CREATE_<kind> such as CREATE_CATEGORY. */
  newMode: FormMode<Kind>;
  create: (values: Values, context: CreateContext<Row, Scope, Kind>) => Promise<Created>;
  update?: (values: Values, record: Row) => Promise<unknown>;
  /** After a create has saved and said so, with the server's answer and the row it was made from. */
  afterCreate?: (created: Created, from: Row | undefined) => void;
};

export type RecordDialog<Row, Values, Kind extends string = never> = {
  /** The props for the screen's form. */
  form: RecordFormProps<Row, Values, Kind>;
  openNew: () => void;
  /** Opens the form on `row`: DETAIL or EDIT shows it, a CREATE_<kind> creates from it. */
  openFrom: (mode: FormMode<Kind>, row: Row) => void;
};

/**
 * The create/edit/detail dialog of a list screen: which record it shows in which mode, and the
 * submit that creates or saves with the console's toast. A failure has had its toast from the
 * HTTP client (or its field messages on the form) and rejects, so the dialog stays open.
 */
export function useRecordDialog<Row, Values, Scope, Kind extends string = never, Created = unknown>({
  scope,
  newMode,
  create,
  update,
  afterCreate,
}: RecordDialogOptions<Row, Values, Scope, Kind, Created>): RecordDialog<Row, Values, Kind> {
  const toast = useToast();
  // The mode and record stay while the dialog closes, so its content does not change mid-animation.
  const [state, setState] = useState<{ open: boolean; mode: FormMode<Kind>; record?: Row }>({
    open: false,
    mode: newMode,
  });

  const onSubmit = async (values: Values) => {
    const { mode, record } = state;
    if (!isCreateMode(mode)) {
      if (!update || !record) return;
      await update(values, record);
      toast.success(MESSAGES.savedSuccessfully);
      return;
    }
    // Spec §5: without what the record belongs to (the application), the create is skipped silently.
    if (scope === null) return;
    const created = await create(values, { mode, from: record, scope });
    toast.success(MESSAGES.createdSuccessfully);
    afterCreate?.(created, record);
  };

  // Stable, so a table's Action column built from it need not draw its rows again.
  const openFrom = useCallback(
    (mode: FormMode<Kind>, row: Row) => setState({ open: true, mode, record: row }),
    [],
  );

  return {
    form: {
      ...state,
      onSubmit,
      onClose: () => setState((s) => ({ ...s, open: false })),
    },
    openNew: () => setState({ open: true, mode: newMode }),
    openFrom,
  };
}
