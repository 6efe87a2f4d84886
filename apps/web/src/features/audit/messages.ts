import { EN_AUDIT } from '@gatehouse/contract/i18n/en-audit';
import { addMessages, defineMessages, i18n, type MessageOptions } from '@/lib/i18n';

// The contract's Audit Log messages are added with this module, before anything of it draws.
addMessages(EN_AUDIT);

const NAMESPACE = 'auditLog';

const en = {
  recordOne: 'audit record',
  recordMany: 'audit records',
  date: 'Date',
  total: 'Total {{total}}',
  totalOver: 'Total {{total}}+',
  previous: 'Previous page',
  next: 'Next page',
  first: 'First page',
  pageNumber: 'Page {{page}}',
  openRecord: 'Open the record of {{time}}',
  record: 'Audit record {{id}}',
  comparison: 'Before and after',
  export: 'Export',
  exportAs: 'Export format',
  csv: 'CSV',
  jsonl: 'JSON Lines',
  exporting: 'Exporting: {{rows}} records, {{size}} received',
  exported: 'Exported {{rows}} records ({{size}})',
  exportCancelled: 'The export was cancelled.',
  exportFailed: 'The export failed: {{reason}}',
  cancel: 'Cancel',
  close: 'Close',
};

export type AuditLogKey = keyof typeof en;

/** The Audit Log screen's texts (the record's fields are the kit's, components/audit/messages.ts). */
export const useAuditLogT = defineMessages(NAMESPACE, en, {
  recordOne: '审计记录',
  recordMany: '审计记录',
  date: '日期',
  total: '共 {{total}} 条',
  totalOver: '超过 {{total}} 条',
  previous: '上一页',
  next: '下一页',
  first: '第一页',
  pageNumber: '第 {{page}} 页',
  openRecord: '打开 {{time}} 的记录',
  record: '审计记录 {{id}}',
  comparison: '变更前后',
  export: '导出',
  exportAs: '导出格式',
  csv: 'CSV',
  jsonl: 'JSON Lines',
  exporting: '正在导出：已接收 {{rows}} 条记录，{{size}}',
  exported: '已导出 {{rows}} 条记录（{{size}}）',
  exportCancelled: '导出已取消。',
  exportFailed: '导出失败：{{reason}}',
  cancel: '取消',
  close: '关闭',
});

/** A text outside a component, read when shown so that it follows the language. */
export function auditLogText(key: AuditLogKey, options?: MessageOptions): string {
  return i18n.t(`${NAMESPACE}:${key}`, options);
}
