import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ACTION_LABELS,
  ACTIONS,
  actionsOf,
  PLATFORM_APP_ID,
  PRODUCT_NAME,
  permissionGrantSchema,
} from '@gatehouse/contract';
import { Button, Card, Checkbox, Col, Empty, Form, Row, Switch } from 'antd';
import { applicationChoicesQueryOptions } from '@/api/applications';
import { PLATFORM_PERMISSIONS, permissionChoicesQueryOptions } from '@/api/permissions';
import { RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { useSay } from '@/lib/i18n';
import { useIdentityT } from '../../shared/messages';
import {
  actionOffered,
  type GrantOffer,
  mayCoverAll,
  newGrant,
  offeredActions,
  offeredApplications,
  offeredChoices,
  offeredLimits,
  offeredPermissions,
} from '../grant-offer';
import { canLimit, type PermissionGrantValues } from '../grants';

const PLATFORM_NAMES = [{ value: PLATFORM_APP_ID, label: `${PRODUCT_NAME} (${PLATFORM_APP_ID})` }];

/**
 * The permission grants of the grants form (`permissions`, a Form.List): for each, the
 * application, one of its permissions, the actions it offers (create, update, retrieve, delete;
 * retrieve and export on the Audit Log), and
 * for a platform permission the applications it is limited to (delegated administration).
 * Only what `offer` allows is offered. The server's field errors (`permissions.2.permissionId`)
 * land on the grant they name.
 */
export function PermissionGrantsList({ offer }: { offer: GrantOffer }) {
  const t = useIdentityT();
  return (
    <Form.List name="permissions">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <Empty description={t('noPermissionGranted')} />}
          {fields.map(({ key, name }, index) => (
            <GrantCard key={key} name={name} index={index} offer={offer} onRemove={() => remove(name)} />
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            onClick={() => add(newGrant(offer))}
            // Only a removed grant could come back: nothing is added to a role one holds.
            disabled={offer.narrowOnly || undefined}
            title={offer.narrowOnly ? t('heldRoleNoAdd') : undefined}
          >
            {t('addPermission')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

type GrantCardProps = { name: number; index: number; offer: GrantOffer; onRemove: () => void };

function GrantCard({ name, index, offer, onRemove }: GrantCardProps) {
  const form = Form.useFormInstance();
  const t = useIdentityT();
  const say = useSay();
  const path = ['permissions', name];
  const row: Partial<PermissionGrantValues> = Form.useWatch(path, form) ?? {};
  const { applicationId } = row;
  const applications = offeredApplications(offer);
  const permissions = offeredPermissions(offer, applicationId);
  const limits = offeredLimits(offer, row);
  const coversAll = mayCoverAll(offer, row);
  // The permission's actions (`actionsOf`), and any other the role has, to be unchecked.
  // What the caller may not give shows disabled; an offered one sets no `disabled`, so the
  // read-only form still disables it.
  const applies = actionsOf(applicationId, row.permissionId);
  const actionOptions = ACTIONS.filter((a) => applies.includes(a) || row.actionEntitySet?.includes(a)).map(
    (action) => {
      const label = say(ACTION_LABELS[action]);
      return actionOffered(offer, row, action)
        ? { label, value: action }
        : { label, value: action, disabled: true, title: t('actionNotHeld') };
    },
  );
  // Another permission (or application) is another grant: keep only the actions it may have.
  const keepOffered = (next: Partial<PermissionGrantValues>) =>
    form.setFieldValue([...path, 'actionEntitySet'], offeredActions(offer, { ...row, ...next }));

  return (
    <Card
      size="small"
      title={t('permissionN', { n: index + 1 })}
      style={{ marginBottom: 12 }}
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('removePermissionN', { n: index + 1 })}
          onClick={onRemove}
        />
      }
    >
      <Row gutter={12}>
        <Col span={10}>
          <Form.Item
            name={[name, 'applicationId']}
            label={t('application')}
            rules={fieldRules(permissionGrantSchema, 'applicationId')}
          >
            <RemoteSelect
              search={(keyword) => ({
                ...applicationChoicesQueryOptions(keyword),
                select: (found) => offeredChoices(found, applications, keyword, PLATFORM_NAMES),
              })}
              known={PLATFORM_NAMES}
              // Another application's permissions are other ids: the chosen one no longer applies.
              onChange={(next) => {
                form.setFieldValue([...path, 'permissionId'], undefined);
                keepOffered({ applicationId: next ?? undefined, permissionId: undefined });
              }}
            />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item
            name={[name, 'permissionId']}
            label={t('permission')}
            rules={fieldRules(permissionGrantSchema, 'permissionId')}
          >
            <RemoteSelect
              search={(keyword) => ({
                ...permissionChoicesQueryOptions(applicationId ?? '', keyword),
                select: (found) => offeredChoices(found, permissions, keyword, PLATFORM_PERMISSIONS),
              })}
              known={applicationId === PLATFORM_APP_ID ? PLATFORM_PERMISSIONS : []}
              disabled={applicationId === undefined ? true : undefined}
              placeholder={t('searchPermissions')}
              onChange={(next) => keepOffered({ permissionId: next ?? undefined })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name={[name, 'actionEntitySet']}
        label={t('actions')}
        rules={fieldRules(permissionGrantSchema, 'actionEntitySet')}
      >
        <Checkbox.Group options={actionOptions} />
      </Form.Item>
      {canLimit(applicationId) && (
        <Row gutter={12} align="top">
          <Col span={10}>
            <Form.Item
              name={[name, 'limited']}
              label={t('limitToApplications')}
              valuePropName="checked"
              extra={row.limited && !coversAll ? t('limitRequired') : t('limitHelp')}
            >
              {/* Limiting narrows; lifting the limit may reach beyond what the caller holds. */}
              <Switch disabled={(row.limited && !coversAll) || undefined} />
            </Form.Item>
          </Col>
          <Col span={14}>
            {row.limited && (
              <Form.Item
                name={[name, 'applicationIds']}
                label={t('applications')}
                extra={t('noApplicationChosen')}
              >
                <RemoteSelect
                  multiple
                  search={(keyword) => ({
                    ...applicationChoicesQueryOptions(keyword),
                    select: (found) => offeredChoices(found, limits, keyword),
                  })}
                />
              </Form.Item>
            )}
          </Col>
        </Row>
      )}
    </Card>
  );
}
