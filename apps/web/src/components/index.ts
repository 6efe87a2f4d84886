export { ConfirmToggle, type ConfirmToggleProps, type ToggleSubject } from './confirm-toggle';
export { CopyButton, type CopyButtonProps } from './copy-button';
export { EMPTY_CELL, emptyCell } from './empty-cell';
export {
  FormDialog,
  type FormDialogMode,
  type FormDialogProps,
  fieldErrorsOf,
  required,
} from './form-dialog';
export { PagedTable, type PagedTableProps, showTotal } from './paged-table';
export { type RowAction, RowActions, type RowActionsProps } from './row-actions';
export {
  arrayParamsOf,
  compactSearch,
  dateFromParam,
  dateToParam,
  KEYWORD_PARAM,
  SearchBar,
  type SearchBarProps,
  type SearchField,
  type SearchFieldType,
  type SearchValues,
  searchParamsOf,
} from './search-bar';
export { StatusTag, type StatusTagProps } from './status-tag';
export { type ListState, type ListStateOptions, useListState } from './use-list-state';
export { type Toast, useToast } from './use-toast';
