import { Button, Form, type FormInstance, type FormProps, Modal } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Notice } from '@/components/notice';
import type { Shown } from '@/lib/http';
import { say } from '@/lib/i18n';
import { useKitT } from './messages';
import type { FormMode } from './record-form';

/** Spec §9: a closed form keeps its content this long, so it does not flash empty while it fades. */
export const FORM_RESET_DELAY_MS = 400;

export type FormDialogProps<Values extends object> = {
  open: boolean;
  mode: FormMode | FormMode<string>;
  title: ReactNode;
  /** Applied each time the dialog opens. */
  initialValues?: Partial<Values>;
  /**
   * Saves the values; the dialog closes when it resolves. A rejection whose error carries
   * `fields` (field path → message, as the server's 400 does) shows them on the fields.
   */
  onSubmit: (values: Values) => Promise<void>;
  onClose: () => void;
  /** The Form.Items. */
  children: ReactNode;
  /** Pass one from `Form.useForm()` to watch or set fields from outside. */
  form?: FormInstance<Values>;
  width?: number;
  okText?: string;
  /** Layout and the like; the dialog owns the form's values, submit and disabled state. */
  formProps?: Omit<FormProps<Values>, 'form' | 'initialValues' | 'onFinish' | 'onFinishFailed' | 'disabled'>;
};

/** Field path to its message, as the HTTP client's `ApiError` carries them. */
type FieldErrors = Record<string, Shown>;

/** The `fields` of a failed request, as the HTTP client's `ApiError` carries them. */
export function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { fields } = error as { fields?: unknown };
  if (typeof fields !== 'object' || fields === null || Object.keys(fields).length === 0) return undefined;
  return fields as FieldErrors;
}

const toNamePath = (path: string) =>
  path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export type FormSubmit<Values> = {
  submitting: boolean;
  /** The server's messages for fields the form does not show. */
  otherErrors: string[];
  clearErrors: () => void;
  /** The form's `onFinish`. */
  finish: (values: Values) => Promise<void>;
};

/**
 * Submitting a console form: one save at a time, and a failure's field messages (a 400, or a
 * 409 pinned on a field) shown on the fields, the ones the form lacks in `otherErrors`. Any
 * other failure has had its toast from the HTTP client. FormDialog submits with it, and so
 * can a form that sits on a page.
 */
export function useFormSubmit<Values>(
  form: FormInstance<Values>,
  onSubmit: (values: Values) => Promise<void>,
): FormSubmit<Values> {
  const [submitting, setSubmitting] = useState(false);
  // State lags a render behind, so a quick second Enter would otherwise save twice.
  const inFlight = useRef(false);
  // Server messages for fields the form does not show would otherwise be lost, since the
  // HTTP client leaves field errors to the form rather than toasting them.
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const finish = async (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setOtherErrors([]);
    try {
      await onSubmit(values);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) showFieldErrors(form, fields, setOtherErrors);
      // Anything else has had its toast from the HTTP client.
      else console.debug('Form submit failed', error);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { submitting, otherErrors, clearErrors: () => setOtherErrors([]), finish };
}

/**
 * A Modal hosting an antd Form in one of the console's form modes. DETAIL shows the same
 * fields read-only with a Close button. Enter submits; failed client validation stays on the
 * fields (no toast, DESIGN.md), and so do the server's field errors.
 */
export function FormDialog<Values extends object>({
  open,
  mode,
  title,
  initialValues,
  onSubmit,
  onClose,
  children,
  form: outerForm,
  width,
  okText,
  formProps,
}: FormDialogProps<Values>) {
  const t = useKitT();
  const [ownForm] = Form.useForm<Values>();
  const form = outerForm ?? ownForm;
  const readOnly = mode === 'DETAIL';
  const { submitting, otherErrors, clearErrors, finish } = useFormSubmit(form, async (values: Values) => {
    if (readOnly) return;
    await onSubmit(values);
    onClose();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening and closing reset the form; reacting to every new `initialValues` object would wipe what the user typed
  useEffect(() => {
    if (open) {
      form.resetFields();
      clearErrors();
      return;
    }
    // Clearing at once would flash empty fields while the closing animation still shows them.
    const timer = setTimeout(() => {
      form.resetFields();
      clearErrors();
    }, FORM_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // A form loaded when it is first wanted (lazyForm) mounts already open. Its dialog opens a
  // render later, as one mounted closed does, so it takes the focus after the row menu that
  // opened it has given the focus back to its button.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(open), [open]);

  return (
    <Modal
      open={shown}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? t('ok')}
      cancelText={t('cancel')}
      confirmLoading={submitting}
      // Keeps the form mounted while closed, so the instance stays connected for the reset.
      forceRender
      // A stray click outside should not throw away what was typed.
      mask={{ closable: false }}
      footer={
        readOnly
          ? [
              <Button key="close" onClick={onClose}>
                {t('close')}
              </Button>,
            ]
          : undefined
      }
    >
      {otherErrors.length > 0 && (
        <Notice type="error" showIcon style={{ marginBottom: 16 }} title={otherErrors.join(' ')} />
      )}
      <Form<Values>
        layout="vertical"
        {...formProps}
        form={form}
        initialValues={initialValues}
        disabled={readOnly}
        onFinish={finish}
        onFinishFailed={(info) => console.debug('Form validation failed', info.errorFields)}
      >
        {children}
        {/* Lets Enter in a field submit, as in any form; the visible OK lives in the footer. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

function showFieldErrors<Values>(
  form: FormInstance<Values>,
  fields: FieldErrors,
  setOtherErrors: (messages: string[]) => void,
) {
  const shown = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const placed = Object.entries(fields).map(([path, message]) => ({
    field: fieldOnForm(path, shown),
    message,
  }));
  type Name = Parameters<FormInstance<Values>['setFields']>[0][number]['name'];
  const byField = new Map<string, string[]>();
  for (const { field, message } of placed)
    if (field !== undefined) byField.set(field, [...(byField.get(field) ?? []), say(message)]);
  form.setFields([...byField].map(([field, errors]) => ({ name: toNamePath(field) as Name, errors })));
  setOtherErrors(placed.filter(({ field }) => field === undefined).map(({ message }) => say(message)));
}

/**
 * The form field a server message about `path` goes on: the field itself, else the nearest
 * field holding it, so that `events.2` (one value of a list the form edits as one field, such
 * as a tags select) shows on `events`; undefined when the form shows none of them.
 */
export function fieldOnForm(path: string, shown: ReadonlySet<string>): string | undefined {
  const parts = path.split('.');
  for (let end = parts.length; end > 0; end--) {
    const field = parts.slice(0, end).join('.');
    if (shown.has(field)) return field;
  }
  return undefined;
}
