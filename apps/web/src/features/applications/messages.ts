import { defineMessages, i18n } from '@/lib/i18n';

const NAMESPACE = 'applications';

const en = {
  applicationOne: 'application',
  applicationMany: 'applications',
  name: 'Name',
  applicationId: 'Application ID',
  description: 'Description',
  created: 'Created',
  configure: 'Configure',
  configureNamed: 'Configure {{name}}',
  detail: 'Detail',
  detailNamed: 'Detail of {{name}}',
  newApplication: 'New application',
  applicationIdHelp: 'Letters, digits and - _ . : only. It cannot be changed later.',
  editApplication: 'Edit application',
  applicationDetail: 'Application detail',
  product: 'Product',
  productHelp: 'The product this application belongs to; leave empty for none.',
  searchProducts: 'Search products by name, code or owner',
  openToAllUsers: 'Open to all users',
  openToAllUsersHelp: 'Every enabled user may sign in to it, with or without a role in it.',
  yes: 'Yes',
  no: 'No',
  disableConsequence: 'Its clients stop getting tokens, and its users can no longer sign in to it.',
};

/** The texts of the Application screen, in English and Simplified Chinese. */
export const useApplicationsT = defineMessages(NAMESPACE, en, {
  applicationOne: '应用',
  applicationMany: '应用',
  name: '名称',
  applicationId: '应用 ID',
  description: '描述',
  created: '创建时间',
  configure: '配置',
  configureNamed: '配置 {{name}}',
  detail: '详情',
  detailNamed: '{{name}} 的详情',
  newApplication: '新建应用',
  applicationIdHelp: '只能使用字母、数字和 - _ . :。创建后不可修改。',
  editApplication: '编辑应用',
  applicationDetail: '应用详情',
  product: '产品',
  productHelp: '该应用所属的产品；留空表示不属于任何产品。',
  searchProducts: '按名称、编码或负责人搜索产品',
  openToAllUsers: '向所有用户开放',
  openToAllUsersHelp: '所有已启用的用户均可登录该应用，无论是否拥有其角色。',
  yes: '是',
  no: '否',
  disableConsequence: '其客户端将无法再获取令牌，其用户也无法再登录该应用。',
});

/**
 * `item` (a column, a search field) with its `prop` (`title`, `label`) read when the list
 * renders, so a list made once per module follows the language.
 */
export function withText<T extends object>(prop: 'title' | 'label', key: keyof typeof en, item: T): T {
  return Object.defineProperty(item, prop, { get: () => i18n.t(key, { ns: NAMESPACE }), enumerable: true });
}
