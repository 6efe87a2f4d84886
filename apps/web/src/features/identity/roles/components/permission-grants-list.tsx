import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Empty, Form, Row, Switch } from 'antd';
import { ACTIONS, PLATFORM_APP_ID, PRODUCT_NAME, permissionGrantSchema } from '@gatehouse/contract';
import { required } from '@/components/record-form';
import { RemoteSelect } from '@/components/remote-select';
import { schemaRule } from '@/components/schema-rule';
import { applicationChoicesQueryOptions } from '../../shared/api/application-choices';
import { useIdentityT } from '../../shared/messages';
import { PLATFORM_PERMISSIONS, permissionChoicesQueryOptions } from '../../shared/api/permission-choices';
import { canLimit, NEW_PERMISSION_GRANT } from '../grants';

const PLATFORM_CHOICE = { value: PLATFORM_APP_ID, label: `${PRODUCT_NAME} (${PLATFORM_APP_ID})` };
const ACTION_OPTIONS = ACTIONS.map((action) => ({ label: action, value: action }));

/**
 * The permission grants of the grants form (`permissions`, a Form.List): for each, the
 * application, one of its permissions, the actions (create, update, retrieve, delete), and
 * for a platform permission the applications it is limited to (delegated administration).
 * The server's field errors (`permissions.2.permissionId`) land on the grant they name.
 */
export function PermissionGrantsList() {
  const form = Form.useFormInstance();
  const t = useIdentityT();
  return (
    <Form.List name="permissions">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <Empty description={t('noPermissionGranted')} />}
          {fields.map(({ key, name }, index) => (
            <Card
              key={key}
              size="small"
              title={t('permissionN', { n: index + 1 })}
              style={{ marginBottom: 12 }}
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('removePermissionN', { n: index + 1 })}
                  onClick={() => remove(name)}
                />
              }
            >
              <Row gutter={12}>
                <Col span={10}>
                  <Form.Item name={[name, 'applicationId']} label={t('application')} rules={required}>
                    <RemoteSelect
                      search={applicationChoicesQueryOptions}
                      known={[PLATFORM_CHOICE]}
                      // Another application's permissions are other ids: the chosen one no longer applies.
                      onChange={() => form.setFieldValue(['permissions', name, 'permissionId'], undefined)}
                    />
                  </Form.Item>
                </Col>
                <Col span={14}>
                  <Form.Item noStyle dependencies={[['permissions', name, 'applicationId']]}>
                    {({ getFieldValue }) => {
                      const applicationId: string | undefined = getFieldValue([
                        'permissions',
                        name,
                        'applicationId',
                      ]);
                      return (
                        <Form.Item name={[name, 'permissionId']} label={t('permission')} rules={required}>
                          <RemoteSelect
                            search={(keyword) => permissionChoicesQueryOptions(applicationId ?? '', keyword)}
                            known={applicationId === PLATFORM_APP_ID ? PLATFORM_PERMISSIONS : []}
                            disabled={applicationId === undefined ? true : undefined}
                            placeholder={t('searchPermissions')}
                          />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name={[name, 'actionEntitySet']}
                label={t('actions')}
                rules={[schemaRule(permissionGrantSchema.shape.actionEntitySet)]}
              >
                <Checkbox.Group options={ACTION_OPTIONS} />
              </Form.Item>
              <Form.Item
                noStyle
                dependencies={[
                  ['permissions', name, 'applicationId'],
                  ['permissions', name, 'limited'],
                ]}
              >
                {({ getFieldValue }) =>
                  canLimit(getFieldValue(['permissions', name, 'applicationId'])) && (
                    <Row gutter={12} align="top">
                      <Col span={10}>
                        <Form.Item
                          name={[name, 'limited']}
                          label={t('limitToApplications')}
                          valuePropName="checked"
                          extra={t('limitHelp')}
                        >
                          <Switch />
                        </Form.Item>
                      </Col>
                      <Col span={14}>
                        {getFieldValue(['permissions', name, 'limited']) && (
                          <Form.Item
                            name={[name, 'applicationIds']}
                            label={t('applications')}
                            extra={t('noApplicationChosen')}
                          >
                            <RemoteSelect multiple search={applicationChoicesQueryOptions} />
                          </Form.Item>
                        )}
                      </Col>
                    </Row>
                  )
                }
              </Form.Item>
            </Card>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            onClick={() => add({ ...NEW_PERMISSION_GRANT })}
          >
            {t('addPermission')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
