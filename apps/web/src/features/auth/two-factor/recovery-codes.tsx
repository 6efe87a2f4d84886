import { DownloadOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@gatehouse/contract';
import { Button, Flex, Typography } from 'antd';
import { CopyButton } from '@/components/copy-button';
import { useTwoFactorMessages } from './messages';

/** The text file offered for download: one code a line. */
export function recoveryCodesFile(codes: readonly string[]): string {
  return `${PRODUCT_NAME} recovery codes (each works once)\n\n${codes.join('\n')}\n`;
}

function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesFile(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${PRODUCT_NAME.toLowerCase()}-recovery-codes.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Recovery codes, shown once: the list, a copy button and a download. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const t = useTwoFactorMessages();
  return (
    <div>
      <p>{t('recoveryIntro')}</p>
      <ul aria-label={t('recoveryTitle')} style={{ columns: 2, fontFamily: 'monospace', paddingLeft: 20 }}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
      <Flex gap={8}>
        <CopyButton text={codes.join('\n')} label={t('copyCodes')} type="default" size="middle">
          {t('copyCodes')}
        </CopyButton>
        <Button icon={<DownloadOutlined />} onClick={() => download(codes)}>
          {t('downloadCodes')}
        </Button>
      </Flex>
    </div>
  );
}
