import { applicationProvidersSchema } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useFormSubmit } from '@/components/form-dialog';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { useApplicationProviders, useSaveApplicationProviders } from '../api/application-providers';
import { providerChoicesQueryOptions } from '../api/provider-choices';
import { useProvidersT } from '../messages';
import { type LimitValues, limitBody, limitValues } from './limit-values';

/** Whether the application's sign-in offers every enabled provider, or only those chosen. */
export function ApplicationProvidersPanel({ appId }: { appId: string }) {
  const t = useProvidersT();
  const toast = useToast();
  const limits = useApplicationProviders(appId);
  const providers = useQuery(providerChoicesQueryOptions());
  const save = useSaveApplicationProviders();
  const [form] = Form.useForm<LimitValues>();
  const limited = Form.useWatch('limited', form);
  const submit = useFormSubmit(form, async (values: LimitValues) => {
    await save.mutateAsync({ applicationId: appId, ...limitBody(values) });
    toast.success(t('saved'));
  });

  useEffect(() => {
    if (limits.data) form.setFieldsValue(limitValues(limits.data));
  }, [limits.data, form]);

  if (limits.isError)
    return (
      <Empty description={t('loadFailed')}>
        <Button onClick={() => limits.refetch()}>{t('retry')}</Button>
      </Empty>
    );

  return (
    <Card title={t('applicationTitle')} loading={limits.isPending}>
      <p>{t('applicationHelp')}</p>
      <Form<LimitValues>
        form={form}
        layout="vertical"
        name="application-providers"
        initialValues={{ limited: 'all', providerIds: [] }}
        onFinish={submit.finish}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="limited">
          <Radio.Group
            options={[
              { value: 'all', label: t('allProviders') },
              { value: 'only', label: t('onlyThese') },
            ]}
          />
        </Form.Item>
        {limited === 'only' && (
          <Form.Item
            name="providerIds"
            label={t('chooseProviders')}
            rules={fieldRules(applicationProvidersSchema, 'providerIds')}
          >
            <Select
              mode="multiple"
              loading={providers.isPending}
              notFoundContent={t('noProviders')}
              optionFilterProp="label"
              options={(providers.data ?? []).map((p) => ({
                value: p.providerId,
                label: `${p.name} (${t(p.type)})`,
              }))}
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={submit.submitting}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
