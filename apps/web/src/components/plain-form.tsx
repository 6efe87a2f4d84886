import { MESSAGES } from '@gatehouse/contract';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { Localized } from './localized';
import './plain-form.css';

/**
 * The few-field forms on the way into the console (sign-in, its second step, unlock) and the
 * search's labelled fields, without antd's Form: its field store, validator and the Tooltip
 * every label may carry are a large part of a form's code, which the sign-in page and every list screen
 * would otherwise load. The look is antd's vertical form: the label above the control, the
 * message under it in the error colour, in the space the field keeps for it.
 */

/** A labelled control and, when there is one, its message. */
export function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: ReactNode;
  /** The control's id, which the label names. */
  htmlFor: string;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'gh-field gh-field-with-error' : 'gh-field'}>
      <label className="gh-field-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${htmlFor}-error`} className="gh-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

type Text<Values> = Extract<keyof Values, string>;

/**
 * The state of a form of text fields, each required: `bind(name)` gives a control its value,
 * its id and, once a submit has found it empty, its error state, and `field(name)` gives its
 * Field the label's target and the message; `submit(action)` checks the fields
 * and calls `action` with the values when none is empty. As in antd's Form, a field's error
 * goes as soon as it is filled in, and `fail` shows an error the server gave for a field.
 */
export function usePlainForm<Values extends Record<string, string>>(
  initial: Values,
  { trim = [] }: { trim?: Text<Values>[] } = {},
) {
  const id = useId();
  const idOf = (name: Text<Values>) => `${id}-${name}`;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Text<Values>, ReactNode>>>({});
  const blank = (name: Text<Values>, value: string) => (trim.includes(name) ? value.trim() : value) === '';

  const set = (name: Text<Values>, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (!blank(name, value)) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const fail = (name: Text<Values>, error: ReactNode) => setErrors((e) => ({ ...e, [name]: error }));

  const bind = (name: Text<Values>) => ({
    id: idOf(name),
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idOf(name)}-error` : undefined,
  });

  /** What a Field shows for a control: the label's target and the message. */
  const field = (name: Text<Values>) => ({ htmlFor: idOf(name), error: errors[name] });

  const submit = (action: (values: Values) => void) => (event: FormEvent) => {
    event.preventDefault();
    const missing = (Object.keys(values) as Text<Values>[]).filter((name) => blank(name, values[name] ?? ''));
    setErrors(
      Object.fromEntries(
        missing.map((name) => [name, <Localized key={name} message={MESSAGES.required} />]),
      ) as typeof errors,
    );
    if (missing.length === 0) action(values);
  };

  return { values, set, fail, field, bind, submit };
}
