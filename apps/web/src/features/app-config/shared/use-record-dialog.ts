import { useState } from 'react';
import { MESSAGES } from '@gatehouse/contract';
import { useToast } from '@/components/use-toast';
import type { AppRecord } from './app-record';

/** The one form's modes (STYLE.md habit 5): DETAIL is read-only. */
export type RecordDialogMode = 'CREATE' | 'EDIT' | 'DETAIL';

export type RecordDialogOptions<Values> = {
  /** The application a new record belongs to. */
  appId: string | undefined;
  create: (body: Values & Pick<AppRecord, 'applicationId'>) => Promise<unknown>;
  update: (body: Values & AppRecord) => Promise<unknown>;
};

/**
 * The create/edit/detail dialog of an application's records: which record it shows in which
 * mode, and the submit that creates or saves it with the matching toast.
 */
export function useRecordDialog<Row extends AppRecord, Values>({
  appId,
  create,
  update,
}: RecordDialogOptions<Values>) {
  const toast = useToast();
  // The mode and record stay while the dialog closes, so its content does not change mid-animation.
  const [dialog, setDialog] = useState<{ open: boolean; mode: RecordDialogMode; record?: Row }>({
    open: false,
    mode: 'CREATE',
  });

  const submit = async (values: Values) => {
    if (dialog.mode === 'EDIT' && dialog.record) {
      const { resourceId, applicationId } = dialog.record;
      await update({ ...values, resourceId, applicationId });
      toast.success(MESSAGES.savedSuccessfully);
      return;
    }
    // Spec §5: without an application the create is skipped silently.
    if (!appId) return;
    await create({ ...values, applicationId: appId });
    toast.success(MESSAGES.createdSuccessfully);
  };

  return {
    ...dialog,
    openCreate: () => setDialog({ open: true, mode: 'CREATE' }),
    openRecord: (mode: 'DETAIL' | 'EDIT', record: Row) => setDialog({ open: true, mode, record }),
    close: () => setDialog((d) => ({ ...d, open: false })),
    submit,
  };
}
