import { defineMessages, i18n, type MessageOptions } from '@/lib/i18n';

const NAMESPACE = 'dataDict';

const en = {
  dictionaryOne: 'dictionary',
  dictionaryMany: 'dictionaries',
  itemOne: 'item',
  itemMany: 'items',
  code: 'Code',
  name: 'Name',
  description: 'Description',
  application: 'Application',
  allowCustom: 'Allows custom values',
  allowCustomHelp: 'Where the dictionary offers its items, a value outside them is accepted too.',
  yes: 'Yes',
  no: 'No',
  items: 'Items',
  newDictionary: 'New dictionary',
  editDictionary: 'Edit dictionary',
  dictionaryDetail: 'Dictionary detail',
  deleteDictionaryText: 'Its items are deleted with it.',
  newItem: 'New item',
  editItem: 'Edit item',
  itemDetail: 'Item detail',
  labelEn: 'Label (English)',
  labelZh: 'Label (Chinese)',
  order: 'Order',
  itemsOf: 'Items of {{name}}',
  noItems: 'No items yet.',
  action: 'Action',
  edit: 'Edit',
  close: 'Close',
  chooseApplication: 'Application',
};

export type DataDictKey = keyof typeof en;

/** The data dictionary screen's texts, in English and Simplified Chinese. */
export const useDataDictT = defineMessages(NAMESPACE, en, {
  dictionaryOne: '字典',
  dictionaryMany: '字典',
  itemOne: '字典项',
  itemMany: '字典项',
  code: '编码',
  name: '名称',
  description: '描述',
  application: '应用',
  allowCustom: '允许自定义值',
  allowCustomHelp: '在提供字典项的地方，也接受字典项以外的值。',
  yes: '是',
  no: '否',
  items: '字典项',
  newDictionary: '新建字典',
  editDictionary: '编辑字典',
  dictionaryDetail: '字典详情',
  deleteDictionaryText: '其字典项将一并删除。',
  newItem: '新建字典项',
  editItem: '编辑字典项',
  itemDetail: '字典项详情',
  labelEn: '标签（英文）',
  labelZh: '标签（中文）',
  order: '排序',
  itemsOf: '{{name}} 的字典项',
  noItems: '暂无字典项。',
  action: '操作',
  edit: '编辑',
  close: '关闭',
  chooseApplication: '应用',
});

/** A text outside a component, read when it is shown so that it follows the language. */
export function dataDictText(key: DataDictKey, options?: MessageOptions): string {
  return i18n.t(`${NAMESPACE}:${key}`, options);
}
