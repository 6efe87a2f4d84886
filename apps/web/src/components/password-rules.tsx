import type { PasswordPolicy } from '@gatehouse/contract';
import { useKitT } from './messages';

/**
 * The rules of the password policy (Console Settings), as a password field's hint; nothing
 * until they have loaded. `forOwnPassword` names the history rule, which an administrator
 * setting another's password does not need to read as theirs.
 */
export function PasswordRules({
  policy,
  forOwnPassword = true,
}: {
  policy: PasswordPolicy | undefined;
  forOwnPassword?: boolean;
}) {
  const t = useKitT();
  if (!policy) return null;
  const rules = [
    t('passwordLength', { min: policy.minLength, max: policy.maxLength }),
    t('passwordNotUsername'),
    ...(policy.commonCheck ? [t('passwordNotCommon')] : []),
    ...(forOwnPassword && policy.historyCount > 0
      ? [t('passwordNotRecent', { count: policy.historyCount })]
      : []),
  ];
  return <span data-testid="password-rules">{rules.join(' · ')}</span>;
}
