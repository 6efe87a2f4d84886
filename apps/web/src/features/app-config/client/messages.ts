import { defineMessages, i18n, type MessageOptions } from '@/lib/i18n';
import { type AppConfigKey, useAppConfigT } from '../shared/messages';

/**
 * The Client screen's own texts (its form, its secrets and its service account), added to the
 * app configuration's namespace when the screen loads, so the way to another list does not
 * carry them. The screen's translator reads both.
 */
const NAMESPACE = 'appConfig';

const en = {
  clientOne: 'client',
  clientMany: 'clients',
  redirectUrlColumn: 'Redirect_url',
  confidential: 'Confidential',
  public: 'Public (PKCE)',
  secretRotated: 'Secret rotated',
  rotateTitle: 'Rotate the secret of {{name}}?',
  rotateText: 'A new secret is made and shown once. The current one keeps working until the next rotation.',
  expiresOptional: 'Expires (optional)',
  rotateSecret: 'Rotate secret',
  cancel: 'Cancel',
  secrets: 'Secrets',
  newClient: 'New client',
  editClient: 'Edit client',
  clientDetail: 'Client detail',
  clientName: 'Client name',
  clientType: 'Client type',
  publicHelp: 'Public clients (browser and mobile apps) hold no secret and must use PKCE.',
  redirectUrl: 'Redirect URL',
  backchannelLogoutUri: 'Back-channel logout URI',
  backchannelLogoutHelp:
    'Gatehouse POSTs a signed logout token here when a user signs out, or an administrator ends their sessions.',
  backchannelLogoutSessionRequired: 'Include the session ID (sid) in logout tokens and ID tokens',
  webOrigins: 'Web origins',
  webOriginsHelp:
    "Origins a browser app may call the token, userinfo, revocation and introspection endpoints from, besides its redirect URLs' origins: scheme://host[:port]. Press Enter after each.",
  publicNoSecret: 'A public client has no secret: it signs users in with PKCE (S256).',
  copySecretNow: 'Copy the secret now: it is shown only once and cannot be retrieved later.',
  secret: 'Secret',
  copySecret: 'Copy secret',
  copyId: 'Copy ID',
  created: 'Created',
  expires: 'Expires',
  lastUsed: 'Last used',
  secretsOf: 'Secrets of {{name}}',
  serviceAccount: 'Service account',
  serviceAccountOf: 'Service account of {{name}}',
  serviceAccountIntro:
    "When enabled, this client's client-credentials tokens reach the admin API as its service account, with exactly the rights of the roles given here. The service account never signs in.",
  serviceAccountEnabled: 'Enabled',
  serviceAccountUser: 'User',
  serviceAccountRoles: 'Roles',
  searchRoles: 'Search roles',
  close: 'Close',
  secretsLoadFailed: 'The secrets could not be loaded.',
  noSecrets: 'No secrets.',
  retry: 'Retry',
};

defineMessages(NAMESPACE, en, {
  clientOne: '客户端',
  clientMany: '客户端',
  redirectUrlColumn: '重定向 URL',
  confidential: '机密客户端',
  public: '公开客户端（PKCE）',
  secretRotated: '密钥已轮换',
  rotateTitle: '确定要轮换 {{name}} 的密钥吗？',
  rotateText: '将生成一个新密钥，且仅显示一次。当前密钥在下次轮换前仍然有效。',
  expiresOptional: '过期时间（可选）',
  rotateSecret: '轮换密钥',
  cancel: '取消',
  secrets: '密钥',
  newClient: '新建客户端',
  editClient: '编辑客户端',
  clientDetail: '客户端详情',
  clientName: '客户端名称',
  clientType: '客户端类型',
  publicHelp: '公开客户端（浏览器和移动应用）不持有密钥，必须使用 PKCE。',
  redirectUrl: '重定向 URL',
  backchannelLogoutUri: '后端通道注销 URI',
  backchannelLogoutHelp: '用户注销或管理员结束其会话时，Gatehouse 会向此地址 POST 一个签名的注销令牌。',
  backchannelLogoutSessionRequired: '在注销令牌和 ID 令牌中包含会话 ID（sid）',
  webOrigins: 'Web 源',
  webOriginsHelp:
    '除重定向 URL 的源之外，浏览器应用可从这些源调用令牌、用户信息、撤销和内省端点：scheme://host[:port]。每个输入后按回车。',
  publicNoSecret: '公开客户端没有密钥：它通过 PKCE（S256）让用户登录。',
  copySecretNow: '请立即复制密钥：它仅显示一次，之后无法再次获取。',
  secret: '密钥',
  copySecret: '复制密钥',
  copyId: '复制 ID',
  created: '创建时间',
  expires: '过期时间',
  lastUsed: '最近使用',
  secretsOf: '{{name}} 的密钥',
  serviceAccount: '服务账号',
  serviceAccountOf: '{{name}} 的服务账号',
  serviceAccountIntro:
    '启用后，此客户端的客户端凭证令牌以其服务账号访问管理 API，权限恰为此处所给角色的权限。服务账号从不登录。',
  serviceAccountEnabled: '启用',
  serviceAccountUser: '用户',
  serviceAccountRoles: '角色',
  searchRoles: '搜索角色',
  close: '关闭',
  secretsLoadFailed: '密钥加载失败。',
  noSecrets: '暂无密钥。',
  retry: '重试',
});

export type ClientTextKey = AppConfigKey | keyof typeof en;

/** `useAppConfigT` for the Client screen: its own texts beside the app configuration's. */
export const useClientT = useAppConfigT as () => (key: ClientTextKey, options?: MessageOptions) => string;

/** `appConfigText` for the Client screen's texts. */
export function clientText(key: ClientTextKey, options?: MessageOptions): string {
  return i18n.t(key, { ns: NAMESPACE, ...options });
}
