import { HTTP_STATUS_MESSAGES, MESSAGES } from '@gatehouse/contract';
import { useSearchParams } from 'react-router';
import { Notice } from '@/components/notice';
import { useSay } from '@/lib/i18n';

export const INTERCEPTION_PARAM = 'isInterception';

/**
 * Spec §8: a session ended by a 401 says so on the login page itself. It reads the query
 * (`isInterception=1`), so a reload of the login page still gives the reason.
 */
export function SessionExpiredAlert() {
  const say = useSay();
  const [params] = useSearchParams();
  if (params.get(INTERCEPTION_PARAM) !== '1') return null;
  return (
    <Notice
      type="warning"
      showIcon
      title={say(HTTP_STATUS_MESSAGES[401] ?? MESSAGES.notSignedIn)}
      role="status"
      style={{ marginBottom: 16 }}
    />
  );
}
