import {
  AUDIT_EXPORT_FORMATS,
  type AuditExportFormat,
  type AuditFilter,
  MESSAGES,
} from '@gatehouse/contract';
import { Button, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { SpaceCompact } from '@/components/antd-parts';
import { useToast } from '@/components/use-toast';
import { AccessDisable, useAllowed } from '@/lib/access';
import { isApiError } from '@/lib/http';
import { useLanguage, useSay } from '@/lib/i18n';
import type { ExportProgress } from '../api/export-audit';
import { sizeText } from '../audit-paging';
import { useAuditLogT } from '../messages';

type ExportState =
  | { state: 'idle' }
  | { state: 'running'; progress: ExportProgress }
  | { state: 'failed'; reason: string }
  | { state: 'cancelled' };

const formatCount = (n: number, language: string) =>
  new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en').format(n);

/**
 * The Audit Log's export: CSV or JSON Lines of every record the search matches, received with
 * its progress in records and bytes, cancellable, then saved as a file. It needs the Audit
 * Log's `export` action; without it the button shows disabled, titled "No permission". The
 * server audits every export.
 */
export function ExportButton({ filter }: { filter: AuditFilter }) {
  const t = useAuditLogT();
  // The Audit Log's `export` action, granted apart from reading it.
  const allowed = useAllowed({ action: 'export' });
  const say = useSay();
  const language = useLanguage();
  const toast = useToast();
  const [format, setFormat] = useState<AuditExportFormat>('csv');
  const [run, setRun] = useState<ExportState>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen stops an export on its way.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setRun({ state: 'running', progress: { bytes: 0, rows: 0 } });
    try {
      // The export's code and the download's come with the first export, not with the screen.
      const [{ exportAudit }, { downloadBlob }] = await Promise.all([
        import('../api/export-audit'),
        import('@/components/list-screen/download'),
      ]);
      const file = await exportAudit(filter, format, {
        signal: abort.signal,
        onProgress: (progress) => setRun({ state: 'running', progress }),
      });
      downloadBlob(file.blob, file.fileName);
      setRun({ state: 'idle' });
      toast.success(
        t('exported', {
          rows: formatCount(file.progress.rows, language),
          size: sizeText(file.progress.bytes),
        }),
      );
    } catch (error) {
      if (abort.signal.aborted) setRun({ state: 'cancelled' });
      // A refusal (400, 403…) has its toast from the HTTP client; it is said here too, beside
      // the button. A transfer that breaks off half way is the connection's failure.
      else setRun({ state: 'failed', reason: say(isApiError(error) ? error.shown : MESSAGES.networkError) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const running = run.state === 'running';
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      {running && (
        <span role="status">
          {t('exporting', {
            rows: formatCount(run.progress.rows, language),
            size: sizeText(run.progress.bytes),
          })}
        </span>
      )}
      {run.state === 'failed' && (
        <span role="alert" style={{ color: 'var(--ant-color-error)' }}>
          {t('exportFailed', { reason: run.reason })}
        </span>
      )}
      {run.state === 'cancelled' && <span role="status">{t('exportCancelled')}</span>}
      {running ? (
        <Button onClick={() => controller.current?.abort()}>{t('cancel')}</Button>
      ) : (
        <SpaceCompact>
          <Select<AuditExportFormat>
            aria-label={t('exportAs')}
            value={format}
            onChange={setFormat}
            options={AUDIT_EXPORT_FORMATS.map((value) => ({ value, label: t(value) }))}
            popupMatchSelectWidth={false}
            disabled={!allowed}
          />
          <AccessDisable action="export">
            <Button type="primary" onClick={start}>
              {t('export')}
            </Button>
          </AccessDisable>
        </SpaceCompact>
      )}
    </div>
  );
}
