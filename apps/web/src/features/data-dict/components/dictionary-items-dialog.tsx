import { PlusOutlined } from '@ant-design/icons';
import type { Dictionary, DictionaryItem } from '@gatehouse/contract';
import { Button, Flex, Modal, Space } from 'antd';
import { HistoryButton } from '@/components/audit/history-button';
import { ConfirmDelete } from '@/components/confirm-action';
import { ConfirmToggle } from '@/components/confirm-toggle';
import { type Column, DataTable } from '@/components/data-table';
import { statusColumn } from '@/components/list-screen/columns';
import { useRecordDialog } from '@/components/list-screen/use-record-dialog';
import { AccessDisable } from '@/lib/access';
import { need } from '../access-codes';
import { useCreateDictionaryItem } from '../api/create-dictionary-item';
import { useDeleteDictionaryItem } from '../api/delete-dictionary-item';
import { useDictionaryItems } from '../api/list-dictionary-items';
import { useSetDictionaryItemStatus } from '../api/set-dictionary-item-status';
import { useUpdateDictionaryItem } from '../api/update-dictionary-item';
import { useDataDictT } from '../messages';
import { ItemForm, type ItemFormValues, itemBody } from './item-form';

export type DictionaryItemsDialogProps = {
  open: boolean;
  dictionary: Dictionary | undefined;
  onClose: () => void;
};

/** The items of one dictionary, every status, in their order: create, edit, enable/disable, delete. */
export function DictionaryItemsDialog({ open, dictionary, onClose }: DictionaryItemsDialogProps) {
  const t = useDataDictT();
  const items = useDictionaryItems(open ? dictionary?.dictionaryId : undefined);
  const create = useCreateDictionaryItem();
  const update = useUpdateDictionaryItem();
  const setStatus = useSetDictionaryItemStatus();
  const remove = useDeleteDictionaryItem();
  const dialog = useRecordDialog<DictionaryItem, ItemFormValues, { dictionaryId: string }>({
    scope: dictionary ? { dictionaryId: dictionary.dictionaryId } : null,
    newMode: 'CREATE',
    create: (values, { scope }) => create.mutateAsync({ ...scope, ...itemBody(values) }),
    update: (values, { itemId }) =>
      update.mutateAsync({ itemId, dictionaryId: dictionary?.dictionaryId ?? '', ...itemBody(values) }),
  });

  const columns: Column<DictionaryItem>[] = [
    { title: t('code'), dataIndex: 'code' },
    { title: t('labelEn'), dataIndex: 'labelEn' },
    { title: t('labelZh'), dataIndex: 'labelZh' },
    { title: t('order'), dataIndex: 'order', width: 90 },
    statusColumn<DictionaryItem>(),
    {
      title: t('action'),
      key: 'action',
      width: 300,
      render: (_, item) => (
        <Space size={0}>
          <AccessDisable {...need('update')}>
            <Button type="link" size="small" onClick={() => dialog.openFrom('EDIT', item)}>
              {t('edit')}
            </Button>
          </AccessDisable>
          <AccessDisable {...need('status')}>
            <ConfirmToggle
              status={item.status}
              what="item"
              onConfirm={async (status) => {
                await setStatus.mutateAsync({ itemId: item.itemId, status });
              }}
            />
          </AccessDisable>
          <AccessDisable {...need('delete')}>
            <ConfirmDelete what={t('itemOne')} onConfirm={() => remove.mutateAsync(item.itemId)} />
          </AccessDisable>
          <HistoryButton target={{ entity: 'dictionary-item', entityId: item.itemId, name: item.code }} />
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('itemsOf', { name: dictionary?.name ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      width={900}
      destroyOnHidden
    >
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <AccessDisable {...need('create')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={dialog.openNew}>
            {t('newItem')}
          </Button>
        </AccessDisable>
      </Flex>
      <DataTable<DictionaryItem>
        rowKey="itemId"
        size="small"
        columns={columns}
        rows={items.data ?? []}
        loading={items.isFetching}
        empty={t('noItems')}
      />
      <ItemForm {...dialog.form} />
    </Modal>
  );
}
