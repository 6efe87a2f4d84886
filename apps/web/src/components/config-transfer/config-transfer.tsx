import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type Action, type ImportPreview, isMessageKey, type TransferNotice } from '@gatehouse/contract';
import { Button, Modal, Space } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/notice';
import { useToast } from '@/components/use-toast';
import { AccessDisable } from '@/lib/access';
import { useSay } from '@/lib/i18n';
import { download } from '../list-screen/download';
import { useConfigTransferT } from './messages';
import {
  exportFileName,
  firstIds,
  type PreviewRow,
  previewRows,
  readDocument,
  totals,
} from './transfer-preview';

export type ConfigTransferProps = {
  /** What the document holds, for the file's name: an application id, or `gatehouse`. */
  subject: string;
  /** The document formats this place imports. */
  formats: readonly string[];
  exportDocument: () => Promise<unknown>;
  previewImport: (document: unknown) => Promise<ImportPreview>;
  applyImport: (document: unknown) => Promise<ImportPreview>;
  /** The screen's permission and the actions the buttons need: retrieve to export, update to import. */
  permissionId?: string;
  importAction?: Action;
  onApplied?: () => void;
  /** A second export that carries secrets (the users' password hashes): confirmed first. */
  exportWithSecrets?: () => Promise<unknown>;
};

/**
 * Export and Import of configuration (docs/config-transfer.md): Export downloads the
 * document; Import reads a chosen file, shows what the server's preview says it would create,
 * update and delete, with its conflicts and warnings, and applies it on confirmation.
 */
export function ConfigTransfer({
  subject,
  formats,
  exportDocument,
  previewImport,
  applyImport,
  permissionId,
  importAction = 'update',
  onApplied,
  exportWithSecrets,
}: ConfigTransferProps) {
  const t = useConfigTransferT();
  const toast = useToast();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'preview' | 'apply' | null>(null);
  const [pending, setPending] = useState<{ document: unknown; preview: ImportPreview } | null>(null);

  const onExport = async (read = exportDocument) => {
    setBusy('export');
    try {
      const document = await read();
      download(`${JSON.stringify(document, null, 2)}\n`, exportFileName(subject), 'application/json');
    } finally {
      setBusy(null);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const read = readDocument(await chosen.text(), formats);
    if (!read.ok) {
      toast.error(t(read.reason));
      return;
    }
    setBusy('preview');
    try {
      setPending({ document: read.document, preview: await previewImport(read.document) });
    } finally {
      setBusy(null);
    }
  };

  const onApply = async () => {
    if (!pending) return;
    setBusy('apply');
    try {
      const done = await applyImport(pending.document);
      const sum = totals(done);
      toast.success(t('applied', sum));
      setPending(null);
      onApplied?.();
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Space>
        <AccessDisable action="retrieve" {...(permissionId ? { permissionId } : {})}>
          <Button icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => onExport()}>
            {t('export')}
          </Button>
        </AccessDisable>
        {exportWithSecrets ? (
          <AccessDisable action="retrieve" {...(permissionId ? { permissionId } : {})}>
            <Button
              icon={<DownloadOutlined />}
              disabled={busy === 'export'}
              onClick={() =>
                confirmDialog({
                  title: t('exportWithSecrets'),
                  content: t('secretsWarning'),
                  okText: t('export'),
                  cancelText: t('cancel'),
                  onOk: () => onExport(exportWithSecrets),
                })
              }
            >
              {t('exportWithSecrets')}
            </Button>
          </AccessDisable>
        ) : null}
        <AccessDisable action={importAction} {...(permissionId ? { permissionId } : {})}>
          <Button
            icon={<UploadOutlined />}
            loading={busy === 'preview'}
            onClick={() => file.current?.click()}
          >
            {t('import')}
          </Button>
        </AccessDisable>
      </Space>
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        aria-label={t('chooseFile')}
        style={{ display: 'none' }}
        onChange={onFile}
      />
      {pending ? (
        <PreviewDialog
          preview={pending.preview}
          applying={busy === 'apply'}
          onApply={onApply}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}

function PreviewDialog({
  preview,
  applying,
  onApply,
  onCancel,
}: {
  preview: ImportPreview;
  applying: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const t = useConfigTransferT();
  const say = useSay();
  const text = (n: TransferNotice) =>
    isMessageKey(n.key) ? say({ key: n.key, ...(n.params ? { params: n.params as never } : {}) }) : n.message;
  const where = (n: { kind: TransferNotice['kind']; applicationId?: string; id: string }) =>
    `${n.applicationId && n.kind !== 'application' ? `${n.applicationId} · ` : ''}${t(`kind.${n.kind}`)} ${n.id}`;
  const ids = (list: string[]) => {
    if (list.length === 0) return '--';
    const { shown, more } = firstIds(list);
    return `${list.length}: ${shown.join(', ')}${more > 0 ? ` ${t('more', { count: more })}` : ''}`;
  };
  const rows = previewRows(preview);
  const sum = totals(preview);
  return (
    <Modal
      open
      width={880}
      title={t('previewTitle')}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={!preview.applicable}
          loading={applying}
          onClick={onApply}
        >
          {t('apply')}
        </Button>,
      ]}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <span>{t('summary', sum)}</span>
        {preview.conflicts.length > 0 ? (
          <Notice
            type="error"
            showIcon
            title={t('conflicts', { count: preview.conflicts.length })}
            description={
              <ul aria-label={t('conflictList')}>
                {preview.conflicts.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two conflicts may name the same record.
                  <li key={i}>{`${where(c)}: ${text(c)}`}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        {preview.warnings.length > 0 ? (
          <Notice
            type="warning"
            showIcon
            title={t('warnings', { count: preview.warnings.length })}
            description={
              <ul aria-label={t('warningList')}>
                {preview.warnings.map((w, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two warnings may name the same record.
                  <li key={i}>{`${where(w)}: ${text(w)}`}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        <DataTable<PreviewRow>
          label={t('changes')}
          size="small"
          rowKey="key"
          rows={rows}
          empty={t('noChange')}
          columns={[
            {
              key: 'kind',
              title: t('kindColumn'),
              width: 180,
              render: (_v, row) => where({ ...row, id: '' }),
            },
            { key: 'create', title: t('create'), render: (_v, row) => ids(row.create) },
            { key: 'update', title: t('update'), render: (_v, row) => ids(row.update) },
            { key: 'delete', title: t('delete'), render: (_v, row) => ids(row.delete) },
          ]}
        />
      </Space>
    </Modal>
  );
}
