import { defineMessages, i18n, type MessageOptions } from '@/lib/i18n';

const NAMESPACE = 'appConfig';

const en = {
  // Shared by the screens.
  name: 'Name',
  id: 'ID',
  type: 'Type',
  status: 'Status',
  // The application bar.
  switchApplication: 'Switch application',
  searchApplications: 'Search applications by name or ID',
  loading: 'Loading…',
  noMatchingApplication: 'No matching application',
  goToApplications: 'Go to the Application screen',
  chooseTitle: 'Choose an application',
  chooseText:
    'These settings belong to one application. Choose it here, or pick it on the Application screen.',
  unknownTitle: 'The application "{{appId}}" does not exist',
  unknownText: 'Choose another application, or create it on the Application screen.',
  errorTitle: 'The application could not be loaded',
  errorText: 'Try again, or choose another application.',
  applicationLabel: 'Application: ',
  // Data access.
  dataAccessOne: 'data access',
  dataAccessMany: 'data accesses',
  category: 'Category',
  object: 'Object',
  objectHelp: 'The data object this access is about; leave empty for none.',
  anyObject: 'No object',
  set: 'Set',
  setHelp: "One set of the object's instances; leave empty for all of them.",
  wholeObject: 'All instances',
  newDataAccess: 'New data access',
  editDataAccess: 'Edit data access',
  dataAccessDetail: 'Data access detail',
  // Permission.
  permissionOne: 'permission',
  permissionMany: 'permissions',
  newPermission: 'New permission',
  editPermission: 'Edit permission',
  permissionDetail: 'Permission detail',
  chooseType: 'Choose a type',
  // Client.
  client: 'Client',
  // Resource.
  resourceOne: 'resource',
  resourceMany: 'resources',
  url: 'URL',
  index: 'Index',
  newCategory: 'New category',
  addMenu: 'Add menu',
  addElement: 'Add element',
  editResource: 'Edit resource',
  resourceDetail: 'Resource detail',
  under: '{{title}} under "{{name}}"',
};

export type AppConfigKey = keyof typeof en;

/** The texts of the app-config screens (data access, permission, client, resource). */
export const useAppConfigT = defineMessages(NAMESPACE, en, {
  name: '名称',
  id: 'ID',
  type: '类型',
  status: '状态',
  switchApplication: '切换应用',
  searchApplications: '按名称或 ID 搜索应用',
  loading: '加载中…',
  noMatchingApplication: '没有匹配的应用',
  goToApplications: '前往应用页面',
  chooseTitle: '请选择应用',
  chooseText: '这些设置属于某一个应用。请在此选择，或在应用页面中选择。',
  unknownTitle: '应用“{{appId}}”不存在',
  unknownText: '请选择其他应用，或在应用页面中创建该应用。',
  errorTitle: '应用加载失败',
  errorText: '请重试，或选择其他应用。',
  applicationLabel: '应用：',
  dataAccessOne: '数据访问',
  dataAccessMany: '数据访问',
  category: '分类',
  object: '对象',
  objectHelp: '此数据访问所涉及的数据对象；留空表示不限。',
  anyObject: '无对象',
  set: '集合',
  setHelp: '对象实例中的一个集合；留空表示全部实例。',
  wholeObject: '全部实例',
  newDataAccess: '新建数据访问',
  editDataAccess: '编辑数据访问',
  dataAccessDetail: '数据访问详情',
  permissionOne: '权限',
  permissionMany: '权限',
  newPermission: '新建权限',
  editPermission: '编辑权限',
  permissionDetail: '权限详情',
  chooseType: '请选择类型',
  client: '客户端',
  resourceOne: '资源',
  resourceMany: '资源',
  url: 'URL',
  index: '排序',
  newCategory: '新建分类',
  addMenu: '添加菜单',
  addElement: '添加元素',
  editResource: '编辑资源',
  resourceDetail: '资源详情',
  under: '{{title}}（上级：“{{name}}”）',
});

/**
 * A text in the current language outside a component, for lists made once per module
 * (columns, search fields): read it in a getter, so it is read when the list renders.
 */
export function appConfigText(key: AppConfigKey, options?: MessageOptions): string {
  return i18n.t(key, { ns: NAMESPACE, ...options });
}
