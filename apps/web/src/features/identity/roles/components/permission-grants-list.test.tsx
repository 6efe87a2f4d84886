import { AUDIT_PERMISSION_ID, PLATFORM_APP_ID } from '@gatehouse/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { stubHttp, TestProviders } from '@/test/support';
import { OFFER_ALL } from '../grant-offer';
import type { GrantValues, PermissionGrantValues } from '../grants';
import { PermissionGrantsList } from './permission-grants-list';

let restore = () => {};
afterEach(() => restore());

const grant = (permissionId: string, actionEntitySet: PermissionGrantValues['actionEntitySet']) => ({
  applicationId: PLATFORM_APP_ID,
  permissionId,
  actionEntitySet,
  limited: false,
  applicationIds: [],
});

/** The grants list in a form holding `permissions`, as an administrator edits it. */
function renderGrants(permissions: PermissionGrantValues[]): () => GrantValues {
  restore = stubHttp(() => undefined).restore;
  let form: FormInstance<GrantValues> | undefined;
  function Harness() {
    const [instance] = Form.useForm<GrantValues>();
    form = instance;
    return (
      <Form form={instance} initialValues={{ permissions, resources: [] }}>
        <PermissionGrantsList offer={OFFER_ALL} />
      </Form>
    );
  }
  render(
    <TestProviders>
      <Harness />
    </TestProviders>,
  );
  return () => form!.getFieldsValue(true);
}

/** The action checkboxes of the n-th grant card, by their labels. */
function actionsOfCard(n: number): string[] {
  const card = screen.getByText(`Permission ${n}`).closest('.ant-card') as HTMLElement;
  return within(card)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent ?? '');
}

describe('the action checkboxes of a permission grant', () => {
  it('offer Retrieve and Export on the audit trail, the four of spec §6 elsewhere', () => {
    renderGrants([grant(AUDIT_PERMISSION_ID, ['retrieve']), grant('app-config.client', ['retrieve'])]);
    expect(actionsOfCard(1)).toEqual(['Retrieve', 'Export']);
    expect(actionsOfCard(2)).toEqual(['Create', 'Update', 'Retrieve', 'Delete']);
  });

  it('save Export when it is checked', () => {
    const values = renderGrants([grant(AUDIT_PERMISSION_ID, ['retrieve'])]);
    const card = screen.getByText('Permission 1').closest('.ant-card') as HTMLElement;
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Export' }));
    expect(values().permissions[0]!.actionEntitySet).toEqual(['retrieve', 'export']);
  });

  it('keep an action the grant has beyond its permission’s, to be unchecked', () => {
    renderGrants([grant(AUDIT_PERMISSION_ID, ['create', 'retrieve'])]);
    expect(actionsOfCard(1)).toEqual(['Create', 'Retrieve', 'Export']);
  });
});
