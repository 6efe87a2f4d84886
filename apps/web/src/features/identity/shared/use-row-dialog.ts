import { useState } from 'react';

/** A dialog about one row (a user's sessions, a role's grants), opened from its row action. */
export type RowDialog<Row> = {
  open: boolean;
  /** The row shown; it stays while the dialog closes, so the content does not change as it fades. */
  row: Row | undefined;
  show: (row: Row) => void;
  close: () => void;
};

export function useRowDialog<Row>(): RowDialog<Row> {
  const [state, setState] = useState<{ open: boolean; row?: Row }>({ open: false });
  return {
    open: state.open,
    row: state.row,
    show: (row) => setState({ open: true, row }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
