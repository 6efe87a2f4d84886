import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '@/lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title="404"
        subTitle={`${t('notFoundTitle')}. ${t('notFoundText')}`}
        extra={
          <Button type="primary" onClick={() => navigate(PATHS.dashboard)}>
            {t('backHome')}
          </Button>
        }
      />
    </main>
  );
}
