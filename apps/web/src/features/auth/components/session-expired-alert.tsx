import { useSearchParams } from 'react-router';
import { HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import { defineMessages } from '@/lib/i18n';
import { Notice } from '@/components/notice';

export const INTERCEPTION_PARAM = 'isInterception';

const useT = defineMessages(
  'sessionExpired',
  { expired: HTTP_STATUS_MESSAGES[401] ?? 'The token has expired. Please log in again.' },
  { expired: '登录已过期，请重新登录。' },
);

/**
 * Spec §8: a session ended by a 401 says so on the login page itself. It reads the query
 * (`isInterception=1`), so a reload of the login page still gives the reason.
 */
export function SessionExpiredAlert() {
  const t = useT();
  const [params] = useSearchParams();
  if (params.get(INTERCEPTION_PARAM) !== '1') return null;
  return <Notice type="warning" showIcon title={t('expired')} role="status" style={{ marginBottom: 16 }} />;
}
