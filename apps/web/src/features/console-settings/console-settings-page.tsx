import { type ConsoleSettings, consoleSettingsSchema } from '@gatehouse/contract';
import { Button, Card, Form, InputNumber, Skeleton } from 'antd';
import { useEffect } from 'react';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { AccessDisable, useAllowed } from '@/lib/access';
import { isApiError } from '@/lib/http';
import { defineMessages, say } from '@/lib/i18n';
import { useConsoleSettings, useUpdateConsoleSettings } from './api/console-settings';

const useT = defineMessages(
  'consoleSettings',
  {
    title: 'Console Settings',
    lockSeconds: 'Lock after inactivity (seconds)',
    lockSecondsHelp: 'The console locks after this many seconds without a click, key press or wheel.',
    passwordMaxAgeDays: 'Password maximum age (days)',
    passwordMaxAgeDaysHelp: 'A password older than this must be changed at sign-in; 0 turns this off.',
    auditRetentionDays: 'Keep audit records (days)',
    auditRetentionDaysHelp: 'Once a day, audit records older than this are deleted, oldest first.',
    save: 'Save',
    saved: 'Settings saved',
  },
  {
    title: '控制台设置',
    lockSeconds: '无操作锁屏时间（秒）',
    lockSecondsHelp: '在这么多秒内没有点击、按键或滚轮操作时，控制台将锁定。',
    passwordMaxAgeDays: '密码最长有效期（天）',
    passwordMaxAgeDaysHelp: '超过该天数的密码须在登录时修改；0 表示不限制。',
    auditRetentionDays: '审计记录保留天数',
    auditRetentionDaysHelp: '每天删除早于该天数的审计记录，从最早的开始。',
    save: '保存',
    saved: '设置已保存',
  },
);

/** /admin-setting/console-settings: the inactivity lock, the password maximum age and how long audit records are kept. */
export function ConsoleSettingsPage() {
  const t = useT();
  const toast = useToast();
  const [form] = Form.useForm<ConsoleSettings>();
  const settings = useConsoleSettings();
  const update = useUpdateConsoleSettings();
  const canUpdate = useAllowed({ action: 'update' });

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [form, settings.data]);

  const save = async (values: ConsoleSettings) => {
    try {
      await update.mutateAsync(values);
      toast.success(t('saved'));
    } catch (error) {
      if (isApiError(error) && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof ConsoleSettings,
            errors: [say(message)],
          })),
        );
      }
    }
  };

  return (
    <Card title={t('title')}>
      {settings.isPending ? (
        <Skeleton active />
      ) : (
        <Form<ConsoleSettings>
          form={form}
          layout="vertical"
          style={{ maxWidth: 480 }}
          onFinish={save}
          disabled={!canUpdate || update.isPending}
          initialValues={settings.data}
        >
          <Form.Item
            label={t('lockSeconds')}
            name="lockSeconds"
            extra={t('lockSecondsHelp')}
            rules={fieldRules(consoleSettingsSchema, 'lockSeconds')}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label={t('passwordMaxAgeDays')}
            name="passwordMaxAgeDays"
            extra={t('passwordMaxAgeDaysHelp')}
            rules={fieldRules(consoleSettingsSchema, 'passwordMaxAgeDays')}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label={t('auditRetentionDays')}
            name="auditRetentionDays"
            extra={t('auditRetentionDaysHelp')}
            rules={fieldRules(consoleSettingsSchema, 'auditRetentionDays')}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <AccessDisable action="update">
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('save')}
            </Button>
          </AccessDisable>
        </Form>
      )}
    </Card>
  );
}
