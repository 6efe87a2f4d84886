import { issueMessage, keyZodMessages, MESSAGES, m } from '@gatehouse/contract';
import type { FormRule } from 'antd';
import { say } from '@/lib/i18n';

// The contract keys zod's issues when it loads, but the build keeps the contract free of side
// effects (vite.config.ts), so the forms, the one place the console runs its schemas, key them
// here: every issue's message is a catalogue key, which `say` renders in the console's language.
keyZodMessages();

/** What a rule needs of a contract schema: zod's `safeParse`, typed structurally. */
export type FieldSchema = {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: readonly Issue[] } };
};
type Issue = Parameters<typeof issueMessage>[0];
/** A contract schema of a request, whose fields a form checks. */
type ObjectSchema = { shape: Record<string, FieldSchema> };

/** Whether a field's schema refuses a missing value, which the form then marks as required. */
function isRequired(schema: FieldSchema): boolean {
  return !schema.safeParse(undefined).success;
}

/**
 * A form field's rules, from the contract's schema of the request (STYLE.md habit 2), so the
 * user reads the server's message (by its key, in the console's language) before sending, and
 * no form repeats a rule that could drift. One rule: marked required (antd's asterisk) when the
 * schema refuses a missing value; an empty field then says "This item is required", and any
 * other value is checked with the field's own schema, its first issue the field's message.
 *
 *   <Form.Item name="code" rules={fieldRules(createUserSchema, 'code')}>
 *   <Form.Item name="password" rules={fieldRules(newPasswordSchema)}>   // a field's own schema
 */
export function fieldRules<S extends ObjectSchema>(schema: S, field: keyof S['shape'] & string): FormRule[];
export function fieldRules(schema: FieldSchema): FormRule[];
export function fieldRules(schema: ObjectSchema | FieldSchema, field?: string): FormRule[] {
  const own = field === undefined ? (schema as FieldSchema) : (schema as ObjectSchema).shape[field];
  if (!own) throw new Error(`The schema has no field ${field}`);
  const required = isRequired(own);
  return [
    {
      required,
      // A rule's validator replaces antd's own checks, `required`'s included: it says all.
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') {
          if (required) throw new Error(say(MESSAGES.required));
          return;
        }
        const result = own.safeParse(value);
        if (result.success) return;
        const issue = result.error.issues[0];
        throw new Error(say(issue ? issueMessage(issue) : m('field.invalid')));
      },
    },
  ];
}
