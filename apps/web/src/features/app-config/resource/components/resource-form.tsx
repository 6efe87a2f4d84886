import {
  createResourceSchema,
  DEFAULT_RESOURCE_ORDER,
  ENABLED_STATUSES,
  RESOURCE_PARENT_RULES,
  RESOURCE_TYPES,
  type Resource,
  type ResourceType,
  type Status,
  updateResourceSchema,
} from '@gatehouse/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import { optionsOf } from '@/components/list-screen/search-fields';
import { createKindOf, type FormMode, type RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { type AppConfigKey, useAppConfigT } from '../../shared/messages';
import { IconItem } from './icon-field';

export type ResourceFormValues = {
  name: string;
  id: string;
  type: ResourceType;
  url?: string | null;
  order: number;
  status: Status;
  /** A category's or menu's icon in the navigation; null for none. */
  icon?: string | null;
};

/**
 * The type of the parent a resource sits under: null at the root, undefined when the screen
 * does not know it (a node found by a search).
 */
export type ParentType = ResourceType | null | undefined;

/** A resource as the tree shows it, knowing where it sits. */
export type PlacedResource = Resource & { parentType?: ParentType };

/**
 * Spec §5: the type choices follow the create mode. Editing offers the types allowed where
 * the node sits (RESOURCE_PARENT_RULES); the server still checks the node's own children.
 */
export function typeChoices(
  mode: FormMode<ResourceType>,
  resource?: Pick<Resource, 'type' | 'parentId'>,
  parentType?: ParentType,
): ResourceType[] {
  const created = createKindOf(mode);
  if (created) return [created];
  if (!resource) return [...RESOURCE_TYPES];
  const allowed: ResourceType[] =
    resource.parentId === null
      ? ['CATEGORY']
      : parentType
        ? RESOURCE_TYPES.filter((t) => RESOURCE_PARENT_RULES[t].includes(parentType))
        : ['MENU', 'ELEMENT'];
  // The current type is always listed, so a record that breaks today's rules still shows as it is.
  return allowed.includes(resource.type) ? allowed : [resource.type, ...allowed];
}

const TITLES = {
  CREATE_CATEGORY: 'newCategory',
  CREATE_MENU: 'addMenu',
  CREATE_ELEMENT: 'addElement',
  EDIT: 'editResource',
  DETAIL: 'resourceDetail',
} as const satisfies Record<FormMode<ResourceType>, AppConfigKey>;

const statusOptions = optionsOf(ENABLED_STATUSES);

/** The resource form of spec §4 and §5 in its five modes (STYLE.md habit 5). */
export function ResourceForm({
  record,
  ...dialog
}: RecordFormProps<PlacedResource, ResourceFormValues, ResourceType>) {
  const [form] = Form.useForm<ResourceFormValues>();
  const t = useAppConfigT();
  // A menu or element is created under the record; in EDIT and DETAIL the record is the resource.
  const creating = createKindOf(dialog.mode) !== undefined;
  const resource = creating ? undefined : record;
  const schema = creating ? createResourceSchema : updateResourceSchema;
  const choices = typeChoices(dialog.mode, resource, resource?.parentType);
  const initialValues: Partial<ResourceFormValues> = resource
    ? {
        name: resource.name,
        id: resource.id,
        type: resource.type,
        url: resource.url ?? '',
        order: resource.order,
        status: resource.status,
        icon: resource.icon ?? null,
      }
    : { type: choices[0], order: DEFAULT_RESOURCE_ORDER, status: 'ENABLED' };
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const title =
    creating && record
      ? t('under', { title: t(TITLES[dialog.mode]), name: record.name })
      : t(TITLES[dialog.mode]);

  return (
    <FormDialog<ResourceFormValues> {...dialog} form={form} title={title} initialValues={initialValues}>
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item name="id" label={t('id')} rules={fieldRules(schema, 'id')}>
        <Input />
      </Form.Item>
      <Form.Item name="type" label={t('type')} rules={fieldRules(schema, 'type')}>
        <Select options={optionsOf(choices)} />
      </Form.Item>
      {/* Spec §5: a category has no URL. */}
      {type !== 'CATEGORY' && (
        <Form.Item name="url" label={t('url')} rules={fieldRules(schema, 'url')}>
          <Input />
        </Form.Item>
      )}
      <Form.Item name="order" label={t('index')} rules={fieldRules(schema, 'order')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('status')} rules={fieldRules(schema, 'status')}>
        <Select options={statusOptions} />
      </Form.Item>
      {/* The navigation shows the icons of categories and menus; an element is a button. */}
      {type !== 'ELEMENT' && <IconItem />}
    </FormDialog>
  );
}
