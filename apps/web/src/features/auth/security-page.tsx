import { Card } from 'antd';
import { ChangePasswordForm } from './components/change-password-form';
import { useFinishPasswordChange } from './hooks/use-finish-password-change';

/** Account Security Setting: where a signed-in user changes the password. */
export function SecurityPage() {
  const finish = useFinishPasswordChange();
  return (
    <Card title="Account Security Setting">
      <div style={{ maxWidth: 420 }}>
        <Card type="inner" title="Password">
          <ChangePasswordForm onChanged={finish} />
        </Card>
      </div>
    </Card>
  );
}
