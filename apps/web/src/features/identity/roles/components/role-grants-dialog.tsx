import { IDENTITY_MESSAGES, MESSAGES, type Role } from '@gatehouse/contract';
import { Badge, Form, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Localized } from '@/components/localized';
import { Notice } from '@/components/notice';
import { useToast } from '@/components/use-toast';
import { useIdentityT } from '../../shared/messages';
import { useCallerHoldings } from '../api/caller-holdings';
import { useRoleGrants } from '../api/role-grants';
import { useSetRoleGrants } from '../api/set-role-grants';
import { grantOffer, OFFER_ALL } from '../grant-offer';
import { type GrantValues, toGrantValues, toRoleGrants } from '../grants';
import { PermissionGrantsList } from './permission-grants-list';
import { ResourceGrantTree } from './resource-grant-tree';
import { RolePreview } from './role-preview';

/**
 * A tab's name, marked while a field on it has an error: a refusal or a missing choice on a
 * tab not in view would otherwise go unseen.
 */
function TabLabel({ text, field }: { text: string; field: keyof GrantValues }) {
  const t = useIdentityT();
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldsError }) => {
        const failed = getFieldsError().some((f) => f.name[0] === field && f.errors.length > 0);
        return (
          <Badge dot={failed} offset={[6, 0]} title={failed ? t('hasErrors', { tab: text }) : undefined}>
            {text}
          </Badge>
        );
      }}
    </Form.Item>
  );
}

export type RoleGrantsDialogProps = {
  open: boolean;
  role: Role | undefined;
  /**
   * Without `role:update` the grants are only shown, as they are for the built-in role and
   * for one the server says the caller may not change (`manageable`).
   */
  editable: boolean;
  onClose: () => void;
};

/**
 * A role's grants in one form: its permissions with their actions, the resources it grants
 * (a checkbox tree per application), and a preview of the navigation the draft would give.
 * Only what the caller may give is offered (`grantOffer`, from their holdings); what the role
 * has stays, to be removed. Saving replaces them all (PUT role/{id}/grants).
 */
export function RoleGrantsDialog({ open, role, editable, onClose }: RoleGrantsDialogProps) {
  const [form] = Form.useForm<GrantValues>();
  const grants = useRoleGrants(role?.roleId);
  const save = useSetRoleGrants();
  const toast = useToast();
  const t = useIdentityT();
  const draft: string[] | undefined = Form.useWatch('resources', form);
  const initialValues = grants.data && toGrantValues(grants.data);
  const readOnly = !editable || role?.builtin === true || role?.manageable === false;
  const holdings = useCallerHoldings(open && !readOnly);
  const offer = readOnly
    ? OFFER_ALL
    : grantOffer(holdings.data, role ?? {}, grants.data ?? { permissions: [], resources: [] });

  const [tab, setTab] = useState('permissions');
  // Each opening starts on the permissions.
  useEffect(() => {
    if (open) setTab('permissions');
  }, [open]);

  // The grants may arrive after the dialog opened, once the form has taken its (empty) values.
  useEffect(() => {
    if (grants.data && open) form.setFieldsValue(toGrantValues(grants.data));
  }, [grants.data, open, form]);

  return (
    <FormDialog<GrantValues>
      open={open}
      mode={readOnly ? 'DETAIL' : 'EDIT'}
      title={t('grantsOf', { name: role?.name ?? '' })}
      form={form}
      initialValues={initialValues}
      onSubmit={async (values) => {
        if (!role) return;
        await save.mutateAsync({ roleId: role.roleId, grants: toRoleGrants(values) });
        toast.success(MESSAGES.savedSuccessfully);
      }}
      onClose={onClose}
      width={960}
    >
      {role?.builtin && (
        <Notice
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={<Localized message={IDENTITY_MESSAGES.builtinRole} />}
        />
      )}
      {holdings.data && offer.narrowOnly && (
        <Notice type="info" showIcon style={{ marginBottom: 16 }} title={t('heldRoleNotice')} />
      )}
      {grants.isLoading || holdings.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          // Another role starts with the platform's tree, closed.
          key={role?.roleId}
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'permissions',
              label: <TabLabel text={t('permissions')} field="permissions" />,
              // Every tab stays mounted, so its fields are part of what is saved.
              forceRender: true,
              children: <PermissionGrantsList offer={offer} />,
            },
            {
              key: 'resources',
              label: <TabLabel text={t('resources')} field="resources" />,
              forceRender: true,
              children: (
                // Not noStyle: a refusal of the server (an unknown resource) shows under the tree.
                <Form.Item name="resources">
                  <ResourceGrantTree readOnly={readOnly} offer={offer} />
                </Form.Item>
              ),
            },
            {
              key: 'preview',
              label: t('preview'),
              children: <RolePreview granted={role?.builtin ? 'all' : new Set(draft ?? [])} />,
            },
          ]}
        />
      )}
    </FormDialog>
  );
}
