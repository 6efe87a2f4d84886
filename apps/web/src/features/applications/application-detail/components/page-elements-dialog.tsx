import { type AppPage, createPageElementSchema, type PageElement } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { roleChoicesQueryOptions, roleNamesQueryOptions } from '@/api/roles';
import { ConfirmDelete } from '@/components/confirm-action';
import { type Column, DataTable } from '@/components/data-table';
import { useFormSubmit } from '@/components/form-dialog';
import { type Choice, RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { AccessDisable } from '@/lib/access';
import { APPLICATION_CODES } from '../access-codes';
import { useAddElement, useDeleteElement } from '../api/save-page';
import { useApplicationDetailT } from '../messages';

type ElementValues = { code: string; name: string; roleIds?: string[] };

/** The roles an element is shown to, by name where `named` knows them, else by key; `--` for none. */
export function roleNames(roleIds: readonly string[], named: readonly Choice[] = []): string {
  const names = new Map(named.map((c) => [c.value, c.label]));
  return roleIds.map((id) => names.get(id) ?? id).join(', ') || '--';
}

export type PageElementsDialogProps = {
  page: AppPage | undefined;
  open: boolean;
  onClose: () => void;
  /** The page as the server answers after a change, with its elements. */
  onChanged: (page: AppPage) => void;
};

/**
 * A page's elements: add one (code, name and the roles it is shown to) or delete one; to
 * change one, delete it and add it again.
 */
export function PageElementsDialog({ page, open, onClose, onChanged }: PageElementsDialogProps) {
  const t = useApplicationDetailT();
  const [form] = Form.useForm<ElementValues>();
  const add = useAddElement();
  const remove = useDeleteElement();
  // An element names its roles by key only; their names come from the roles list.
  const roles = useQuery({
    ...roleNamesQueryOptions(),
    enabled: open && (page?.elements.some((e) => e.roleIds.length > 0) ?? false),
  });
  const submit = useFormSubmit<ElementValues>(form, async (values) => {
    if (!page) return;
    onChanged(await add.mutateAsync({ pageId: page.pageId, ...values }));
    form.resetFields();
  });

  const columns: Column<PageElement>[] = [
    { title: t('code'), dataIndex: 'code' },
    { title: t('name'), dataIndex: 'name' },
    { title: t('roles'), key: 'roles', render: (_, element) => roleNames(element.roleIds, roles.data) },
    {
      title: t('action'),
      key: 'action',
      width: 100,
      render: (_, element) => (
        <AccessDisable code={APPLICATION_CODES.delete} action="delete">
          <ConfirmDelete
            what={t('elementOne')}
            onConfirm={async () => {
              if (!page) return;
              await remove.mutateAsync({ pageId: page.pageId, code: element.code });
              onChanged({ ...page, elements: page.elements.filter((e) => e.code !== element.code) });
            }}
          />
        </AccessDisable>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('elementsOf', { name: page?.name ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <Form<ElementValues> form={form} name="pageElement" layout="inline" onFinish={submit.finish}>
        <Form.Item name="code" label={t('code')} rules={fieldRules(createPageElementSchema, 'code')}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={fieldRules(createPageElementSchema, 'name')}>
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item name="roleIds" label={t('roles')}>
          <RemoteSelect
            multiple
            search={roleChoicesQueryOptions}
            placeholder={t('searchRoles')}
            style={{ minWidth: 220 }}
          />
        </Form.Item>
        <AccessDisable code={APPLICATION_CODES.update} action="update">
          <Button htmlType="submit" loading={submit.submitting}>
            {t('addElement')}
          </Button>
        </AccessDisable>
      </Form>
      <div style={{ marginTop: 16 }}>
        <DataTable<PageElement>
          rowKey="elementId"
          size="small"
          columns={columns}
          rows={page?.elements ?? []}
          empty={t('noElements')}
        />
      </div>
    </Modal>
  );
}
