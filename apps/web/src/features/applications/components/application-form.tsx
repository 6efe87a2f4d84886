import { Form, Input } from 'antd';
import type { Application, CreateApplication } from '@gatehouse/contract';
import { FormDialog, type RecordFormProps, required } from '@/components/form-dialog';

export type ApplicationFormValues = Pick<CreateApplication, 'applicationId' | 'name'> & {
  description?: string;
};

/** Creates an application: its ID (the `appId` of the app-config screens), name and description. */
export function ApplicationForm({
  record: _,
  ...dialog
}: RecordFormProps<Application, ApplicationFormValues>) {
  return (
    <FormDialog<ApplicationFormValues> {...dialog} title="New application">
      <Form.Item
        name="applicationId"
        label="Application ID"
        rules={required}
        extra="Letters, digits and - _ . : only. It cannot be changed later."
      >
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="name" label="Name" rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </FormDialog>
  );
}
