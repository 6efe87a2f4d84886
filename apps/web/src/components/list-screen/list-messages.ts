import { BULK_MAX_ROWS, EXPORT_MAX_IDS, LIST_MESSAGES } from '@gatehouse/contract';
import { addMessageTable, type PlainKeys } from '@/lib/server-messages';

/**
 * The contract's bulk and export messages in Chinese. Only the bulk bar's requests meet them,
 * so the bar's chunk brings them, not the sign-in page.
 */
export const LIST_MESSAGES_ZH = {
  tooManyRows: `一次最多更改 ${BULK_MAX_ROWS} 行，请缩小搜索范围。`,
  tooManyIds: `最多导出 ${EXPORT_MAX_IDS} 个选中的行，或导出全部匹配的行。`,
  idsOrAll: '请指定行（ids）或请求全部匹配的行（all），二者只能选其一。',
  queryWithAll: '全部匹配需要给出所匹配的搜索条件（query）。',
  unsupportedAction: '此列表不提供该操作。',
} satisfies Record<PlainKeys<typeof LIST_MESSAGES>, string>;

addMessageTable(LIST_MESSAGES, LIST_MESSAGES_ZH);
