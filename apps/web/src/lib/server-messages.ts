import {
  ACCOUNT_MESSAGES,
  APP_CONFIG_MESSAGES,
  CATALOG_MESSAGES,
  DICTIONARY_MESSAGES,
  HTTP_STATUS_MESSAGES,
  IDENTITY_MESSAGES,
  MESSAGES,
  OIDC_MESSAGES,
  type MessageKey,
  PASSWORD_MESSAGES,
  PASSWORD_POLICY,
  PRODUCT_NAME,
  TWO_FACTOR_MESSAGES,
} from '@gatehouse/contract';

/**
 * The contract's messages in Simplified Chinese, by key. The server answers in English; the
 * console shows a text in Chinese when it is exactly one of these (see `localizeMessage`).
 */
export const MESSAGES_ZH = {
  networkError: '网络错误',
  requestAborted: '请求已中止',
  requestTimeout: '网络请求超时。',
  unknownError: '出了点问题，请重试。',

  required: '此项为必填项',
  changedSuccessfully: '修改成功',
  createdSuccessfully: '创建成功',
  savedSuccessfully: '保存成功',
  copied: '已复制到剪贴板',
  copyNotSupported: '不支持复制',
  noPermission: '暂无权限',

  invalidCredentials: '用户名或密码错误。',
  loginSuccess: '登录成功',
  logoutSuccess: '已退出登录',
  tooManyAttempts: '登录尝试次数过多，请稍后再试。',
  passwordChangeRequired: '请先设置新密码再继续。',
  passwordChanged: '密码已修改，请使用新密码登录。',
  passwordTooShort: '密码长度至少为 12 个字符。',
  passwordsDoNotMatch: '两次输入的密码不一致。',
  passwordSameAsOld: '新密码不能与当前密码相同。',
  currentPasswordWrong: '当前密码不正确。',
  accountDisabled: '该账号已被禁用。',
  validationFailed: '部分字段无效。',
  notFound: '请求的内容不存在。',
  duplicateId: '该 ID 在此应用中已被使用。',
  ssoNotConfigured: `${PRODUCT_NAME} 未配置单点登录。`,
  comingSoon: '此功能暂未开放。',
  malformedBody: '请求体不是有效的 JSON。',
  controlCharacters: '不允许使用控制字符。',
  notSignedIn: '您尚未登录，请先登录。',
  requestTooLong: '请求的地址或请求头过长。',
  malformedRequest: '请求不是有效的 HTTP。',
  malformedAddress: '请求的地址无效。',
} satisfies Partial<Record<MessageKey, string>>;

export const HTTP_STATUS_MESSAGES_ZH: Readonly<Record<number, string>> = {
  401: '登录已过期，请重新登录。',
  403: `抱歉，您无权访问此服务。请联系 ${PRODUCT_NAME} 管理员开通权限。`,
  404: '网络请求错误。',
  405: '网络请求错误，请求方法不被允许。',
  408: '网络请求超时。',
  500: '服务器内部错误。',
  501: '网络未实现。',
  502: '网络错误。',
  503: '服务不可用，服务器暂时过载或正在维护。',
  504: '网络超时。',
  505: 'HTTP 版本不支持该请求。',
};

export const APP_CONFIG_MESSAGES_ZH = {
  duplicateApplicationId: '该应用 ID 已被使用。',
  reservedApplicationId: '该 ID 为保留 ID。',
  unknownProduct: '该产品不存在。',
  invalidSort: '请按列出的字段排序，格式为 field,asc 或 field,desc。',
  invalidDate: '请使用 YYYY/MM/DD 格式',
  movedApplication: '记录不能移动到其他应用。',
  categoryAtRoot: '分类位于根级，没有上级。',
  parentRequired: '菜单或元素需要一个上级。',
  parentNotFound: '上级在此应用中不存在。',
  menuParent: '菜单应位于分类或菜单之下。',
  elementParent: '元素应位于菜单之下。',
  parentIsSelf: '资源不能位于自身或其后代之下。',
  categoryNoUrl: '分类没有 URL。',
  urlFormat: "请输入以 '/' 开头的路径或 http(s) URL。",
  redirectUrlFormat: '请输入有效的 http(s) URL',
  redirectUrlFragment: '重定向 URL 不能包含片段（#）。',
  redirectUrlHttps: '请使用 https：仅 localhost、127.0.0.1 或 [::1] 允许使用 http。',
  atMost2000: '最多 2000 个字符',
  childrenForbidType: '现有子项不能位于此类型之下。',
} satisfies Record<keyof typeof APP_CONFIG_MESSAGES, string>;

export type PlainKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

export const IDENTITY_MESSAGES_ZH = {
  duplicateUsername: '该用户名已被占用。',
  duplicateCode: '该编码已被使用。',
  unknownOrganization: '该组织不存在。',
  unknownRole: '其中某个角色不存在。',
  unknownGroup: '其中某个用户组不存在。',
  unknownUser: '其中某个用户不存在。',
  unknownApplication: '该应用不存在。',
  unknownPermission: '该权限在此应用中不存在。',
  unknownResource: '其中某个资源不存在。',
  duplicateGrant: '该权限被重复授予。',
  scopeOnlyOnPlatform: '只有平台权限可以限定到应用。',
  organizationCycle: '组织不能移动到自身或其后代之下。',
  builtinRole: '内置的管理员角色不能修改或删除。',
  lastAdministrator: '这样将没有启用的管理员。',
  selfLockout: '您不能禁用自己或取消自己的管理权限。',
  passwordIsUsername: '密码不能与用户名相同。',
  ownRole: '您不能扩大自己所持有角色的授权。',
  administratorOnly: '只有管理员可以修改管理员。',
} satisfies Record<PlainKeys<typeof IDENTITY_MESSAGES>, string>;

export const PASSWORD_MESSAGES_ZH = {
  tooShort: MESSAGES_ZH.passwordTooShort,
  tooLong: `密码最多 ${PASSWORD_POLICY.maxLength} 个字符。`,
  isUsername: '密码不能与用户名相同。',
  containsUsername: '密码不能包含用户名。',
  common: '此密码过于常见，请选择更难猜测的密码。',
  reused: `新密码不能与最近 ${PASSWORD_POLICY.historyCount} 次使用的密码相同。`,
  resetLinkSent: '如果有匹配的账号，重置密码的链接已发送。链接仅可使用一次，30 分钟内有效。',
  resetLinksNotConfigured: '密码重置链接不可用：服务器未配置公开地址（GATEHOUSE_PUBLIC_URL）。请联系管理员。',
  resetLinkInvalid: '此重置链接无效，请重新申请。',
  resetLinkExpired: '此重置链接已过期，请重新申请。',
  resetLinkUsed: '此重置链接已被使用，请重新申请。',
  passwordReset: '密码已重置，请使用新密码登录。',
  passwordExpired: '您的密码已过期，请设置新密码后继续。',
} satisfies Record<PlainKeys<typeof PASSWORD_MESSAGES>, string>;

export const TWO_FACTOR_MESSAGES_ZH = {
  codeRequired: '请输入身份验证器应用中的验证码。',
  invalidCode: '验证码无效，请使用当前验证码或恢复码。',
  challengeExpired: '本次登录已过期，请重新输入用户名和密码。',
  notEnrolling: '请重新开始设置：没有等待验证码的双重验证设置。',
  alreadyEnabled: '双重验证登录已开启。',
  notEnabled: '双重验证登录未开启。',
  codeOrPassword: '请输入当前验证码或您的密码。',
} satisfies Record<PlainKeys<typeof TWO_FACTOR_MESSAGES>, string>;

export const ACCOUNT_MESSAGES_ZH = {
  controlCharacters: '不允许使用控制字符。',
  invalidEmail: '请输入有效的电子邮箱地址',
  invalidUrl: '请输入有效的 http(s) URL',
} satisfies Record<PlainKeys<typeof ACCOUNT_MESSAGES>, string>;

export const DICTIONARY_MESSAGES_ZH = {
  unknownDictionary: '该字典不存在。',
  movedItem: '字典项不能移到其他字典。',
} satisfies Record<PlainKeys<typeof DICTIONARY_MESSAGES>, string>;

export const CATALOG_MESSAGES_ZH = {
  controlCharacters: '不允许使用控制字符。',
  duplicateCode: '该编码已被使用。',
  duplicateApi: '此应用已描述过该方法和路径。',
  duplicateRoute: '此应用的页面已使用该路由。',
  duplicateAcl: '该主体和目标的条目已存在。',
  duplicateField: '每个字段名只能出现一次。',
  unknownSubject: '该主体不存在。',
  unknownTarget: '该目标在此应用中不存在。',
  unknownPermission: '其中某个权限在此应用中不存在。',
  unknownObject: '该对象在此应用中不存在。',
  unknownSet: '该集合不属于此对象的实例。',
  unknownRole: '其中某个角色不存在。',
  routeFormat: '路由必须以 / 开头。',
  pathFormat: '路径必须以 / 开头。',
  builtinApplication: '内置的平台应用不能被禁用。',
} satisfies Record<PlainKeys<typeof CATALOG_MESSAGES>, string>;

export const OIDC_MESSAGES_ZH = {
  interactionGone: '此登录已过期，或是在另一个浏览器中发起的。请在此浏览器中从应用重新开始。',
  passwordChangeFirst: '您必须先设置新密码才能在此登录。请登录控制台设置新密码，然后从应用重新开始。',
} satisfies Record<PlainKeys<typeof OIDC_MESSAGES>, string>;

/** The nouns of CATALOG_MESSAGES.usedBy ("Used by 2 applications: a, b"). */
const USED_BY_NOUNS_ZH: Record<string, string> = {
  application: '应用',
  element: '元素',
  set: '集合',
  page: '页面',
  object: '对象',
  'data access': '数据访问',
  client: '客户端',
};

/** English message → Chinese, made at the first lookup and again after a table is added. */
let zhByEnglish: Map<string, string> | undefined;

type MessageTable = readonly [Readonly<Record<string, unknown>>, Readonly<Record<string, string>>];

/**
 * Every message table of the contract with its Chinese one. A new `*_MESSAGES` export of the
 * contract needs its table here, or added by the module that shows its messages
 * (`addMessageTable`); translations.test.ts fails until it has one.
 */
export const MESSAGE_TABLES: MessageTable[] = [
  [MESSAGES, MESSAGES_ZH],
  [APP_CONFIG_MESSAGES, APP_CONFIG_MESSAGES_ZH],
  [IDENTITY_MESSAGES, IDENTITY_MESSAGES_ZH],
  [PASSWORD_MESSAGES, PASSWORD_MESSAGES_ZH],
  [TWO_FACTOR_MESSAGES, TWO_FACTOR_MESSAGES_ZH],
  [ACCOUNT_MESSAGES, ACCOUNT_MESSAGES_ZH],
  [DICTIONARY_MESSAGES, DICTIONARY_MESSAGES_ZH],
  [CATALOG_MESSAGES, CATALOG_MESSAGES_ZH],
  [OIDC_MESSAGES, OIDC_MESSAGES_ZH],
];

/**
 * Adds a table whose messages only a part of the console loaded later meets (the bulk
 * actions' bar), so that its Chinese stays out of the sign-in page.
 */
export function addMessageTable(...table: MessageTable): void {
  if (MESSAGE_TABLES.some(([en]) => en === table[0])) return;
  MESSAGE_TABLES.push(table);
  zhByEnglish = undefined;
}

function pairs<K extends string>(en: Readonly<Record<K, unknown>>, zh: Partial<Record<K, string>>) {
  return Object.entries(zh).flatMap(([key, text]) => {
    const english = en[key as K];
    return typeof english === 'string' && typeof text === 'string' ? [[english, text] as const] : [];
  });
}

function table(): Map<string, string> {
  zhByEnglish ??= new Map([
    ...MESSAGE_TABLES.flatMap(([en, zh]) => pairs(en, zh)),
    ...Object.entries(HTTP_STATUS_MESSAGES).map(([status, text]) => {
      return [text, HTTP_STATUS_MESSAGES_ZH[Number(status)] ?? text] as const;
    }),
  ]);
  return zhByEnglish;
}

const IN_USE = /^It is still in use: (.*)\.$/;
const USED_BY = /^Used by (\d+) (.+?)(?:(?<=ss)es|(?<!s)s)?: (.*)$/;

/** A contract message in Chinese, or undefined when `text` is none of them. */
function chinese(text: string): string | undefined {
  const known = table().get(text);
  if (known) return known;
  const inUse = IN_USE.exec(text);
  if (inUse) return `仍在使用中：${inUse[1]}。`;
  const usedBy = USED_BY.exec(text);
  if (usedBy) return `被 ${usedBy[1]} 个${USED_BY_NOUNS_ZH[usedBy[2]!] ?? usedBy[2]}使用：${usedBy[3]}`;
  return undefined;
}

/**
 * A message in `language`: a known contract message becomes its Chinese text, and so does the
 * reason of a row a bulk action refused (LIST_MESSAGES.rowRefused, "alice: <reason>"), whose
 * name stays; anything else (a server's own detail, a custom name) stays as it is.
 */
export function localizeMessage(text: string, language: string): string {
  if (language !== 'zh') return text;
  const whole = chinese(text);
  if (whole) return whole;
  // The row's name may hold ": " too: the reason is the first rest that is a known message.
  for (let at = text.indexOf(': '); at > 0; at = text.indexOf(': ', at + 2)) {
    const reason = chinese(text.slice(at + 2));
    if (reason) return `${text.slice(0, at)}：${reason}`;
  }
  return text;
}
