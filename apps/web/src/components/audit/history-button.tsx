import { AUDIT_PERMISSION_ID } from '@gatehouse/contract';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useHasAction } from '@/lib/access';
import { FormLoadBoundary, FormLoading, lazyForm } from '../lazy-form';
import { useKitT } from '../messages';
import type { HistoryTarget } from './history-drawer';

// The drawer and the diff's code load when History is first opened.
const HistoryDrawer = lazyForm(() => import('./history-drawer').then((m) => m.default));

/**
 * A record's History for a screen that is not a list (a tree's detail panel): the same
 * timeline as a list row's History, offered only to whoever may read the audit log.
 */
export function HistoryButton({ target }: { target: HistoryTarget }) {
  const t = useKitT();
  const roleCan = useHasAction();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (!roleCan('retrieve', AUDIT_PERMISSION_ID)) return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('history')}
      </Button>
      {wanted && (
        <FormLoadBoundary
          open={open}
          onError={(error) => {
            console.warn('The history could not be loaded', error);
            setOpen(false);
          }}
        >
          <Suspense fallback={open && <FormLoading label={t('loading')} />}>
            <HistoryDrawer target={target} open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </FormLoadBoundary>
      )}
    </>
  );
}
