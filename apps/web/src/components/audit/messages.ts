import { defineMessages, i18n, type MessageOptions } from '@/lib/i18n';

const NAMESPACE = 'audit';

const en = {
  at: 'Time',
  actor: 'Actor',
  action: 'Action',
  entity: 'Entity',
  entityId: 'Record',
  applicationId: 'Application',
  ip: 'IP',
  requestId: 'Request id',
  auditId: 'Audit id',
  sealed: 'Sealed',
  sealedYes: 'Yes: in the hash chain',
  sealedNo: 'Not yet',
  field: 'Field',
  before: 'Before',
  after: 'After',
  noChanges: 'No field changed.',
  rootValue: '(the value)',
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  unchanged: 'unchanged',
  redacted: 'A secret, never stored in the audit trail',
  nobody: 'the system',
  historyOf: 'History of {{name}}',
  historyEmpty: 'No change to this record is in the audit trail.',
  historyFailed: 'The history could not be loaded.',
  recordFailed: 'The record could not be loaded.',
  loading: 'Loading…',
  loadMore: 'Load more',
  retry: 'Retry',
  close: 'Close',
};

export type AuditKitKey = keyof typeof en;

/** The audit parts of the kit (a record's diff, a row's History), loaded with them. */
export const useAuditT = defineMessages(NAMESPACE, en, {
  at: '时间',
  actor: '操作者',
  action: '操作',
  entity: '实体',
  entityId: '记录',
  applicationId: '应用',
  ip: 'IP',
  requestId: '请求 ID',
  auditId: '审计 ID',
  sealed: '已封存',
  sealedYes: '是：已纳入哈希链',
  sealedNo: '尚未',
  field: '字段',
  before: '变更前',
  after: '变更后',
  noChanges: '没有字段变更。',
  rootValue: '（值）',
  added: '新增',
  removed: '删除',
  changed: '变更',
  unchanged: '未变',
  redacted: '机密信息，从不存入审计日志',
  nobody: '系统',
  historyOf: '{{name}} 的历史',
  historyEmpty: '审计日志中没有此记录的变更。',
  historyFailed: '历史加载失败。',
  recordFailed: '记录加载失败。',
  loading: '加载中…',
  loadMore: '加载更多',
  retry: '重试',
  close: '关闭',
});

/** A text outside a component (a column's title), read when shown so it follows the language. */
export function auditText(key: AuditKitKey, options?: MessageOptions): string {
  return i18n.t(`${NAMESPACE}:${key}`, options);
}
