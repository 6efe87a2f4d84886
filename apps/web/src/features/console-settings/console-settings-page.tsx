import { CONFIG_FORMATS, type ConsoleSettings, consoleSettingsSchema } from '@gatehouse/contract';
import { EN_AUDIT } from '@gatehouse/contract/i18n/en-audit';
import { Button, Card, Form, InputNumber, Skeleton, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { ConfigTransfer } from '@/components/config-transfer/config-transfer';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { AccessDisable, useAllowed } from '@/lib/access';
import { isApiError } from '@/lib/http';
import { addMessages, defineMessages, say } from '@/lib/i18n';
import { useConsoleSettings, useUpdateConsoleSettings } from './api/console-settings';
import { exportInstance } from './api/export-instance';
import { importInstance } from './api/import-instance';
import { previewInstanceImport } from './api/preview-instance-import';

// The contract's audit retention's messages are added with this module, before anything of it draws.
addMessages(EN_AUDIT);

const useT = defineMessages(
  'consoleSettings',
  {
    title: 'Console Settings',
    lockSeconds: 'Lock after inactivity (seconds)',
    lockSecondsHelp: 'The console locks after this many seconds without a click, key press or wheel.',
    passwordMaxAgeDays: 'Password maximum age (days)',
    passwordMaxAgeDaysHelp: 'A password older than this must be changed at sign-in; 0 turns this off.',
    passwordMinLength: 'Password minimum length (characters)',
    passwordMinLengthHelp: 'Every new password has at least this many characters (8 to 64).',
    passwordHistoryCount: 'Password history',
    passwordHistoryCountHelp:
      'A new password may not be one of the user’s last this many (0 to 24); 0 turns this off. Only this many previous hashes are kept.',
    passwordCommonCheck: 'Refuse common passwords',
    passwordCommonCheckHelp: 'A new password found in a list of about 49,000 common passwords is refused.',
    auditRetentionDays: 'Keep audit records (days)',
    auditRetentionDaysHelp: 'Once a day, audit records older than this are deleted, oldest first.',
    save: 'Save',
    saved: 'Settings saved',
    transfer: 'The whole instance',
    transferHelp:
      'Export or import settings, products, organizations, roles, groups, users and every application as one file. Administrators only; users travel without their passwords unless exported with them.',
  },
  {
    title: '控制台设置',
    lockSeconds: '无操作锁屏时间（秒）',
    lockSecondsHelp: '在这么多秒内没有点击、按键或滚轮操作时，控制台将锁定。',
    passwordMaxAgeDays: '密码最长有效期（天）',
    passwordMaxAgeDaysHelp: '超过该天数的密码须在登录时修改；0 表示不限制。',
    passwordMinLength: '密码最短长度（字符）',
    passwordMinLengthHelp: '每个新密码至少包含这么多字符（8 至 64）。',
    passwordHistoryCount: '密码历史',
    passwordHistoryCountHelp:
      '新密码不能是该用户最近这么多次用过的密码（0 至 24）；0 表示不检查。只保留这么多个旧密码的哈希。',
    passwordCommonCheck: '拒绝常见密码',
    passwordCommonCheckHelp: '拒绝出现在约 49,000 个常见密码列表中的新密码。',
    auditRetentionDays: '审计记录保留天数',
    auditRetentionDaysHelp: '每天删除早于该天数的审计记录，从最早的开始。',
    save: '保存',
    saved: '设置已保存',
    transfer: '整个实例',
    transferHelp:
      '将设置、产品、组织、角色、用户组、用户和所有应用导出或导入为一个文件。仅限管理员；除非导出时包含密码，用户不带密码。',
  },
);

/**
 * /admin-setting/console-settings: the inactivity lock, the password policy, how long audit
 * records are kept, and the export and import of the whole instance.
 */
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
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
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
              label={t('passwordMinLength')}
              name="passwordMinLength"
              extra={t('passwordMinLengthHelp')}
              rules={fieldRules(consoleSettingsSchema, 'passwordMinLength')}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              label={t('passwordHistoryCount')}
              name="passwordHistoryCount"
              extra={t('passwordHistoryCountHelp')}
              rules={fieldRules(consoleSettingsSchema, 'passwordHistoryCount')}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              label={t('passwordCommonCheck')}
              name="passwordCommonCheck"
              valuePropName="checked"
              extra={t('passwordCommonCheckHelp')}
            >
              <Switch />
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
      <Card title={t('transfer')}>
        <p>{t('transferHelp')}</p>
        <ConfigTransfer
          subject="gatehouse"
          formats={[CONFIG_FORMATS.instance]}
          exportDocument={() => exportInstance()}
          exportWithSecrets={() => exportInstance(true)}
          previewImport={previewInstanceImport}
          applyImport={importInstance}
          onApplied={() => settings.refetch()}
        />
      </Card>
    </Space>
  );
}
