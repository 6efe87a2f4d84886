import type { FormRule } from 'antd';
import { i18n } from '@/lib/i18n';
import { localizeMessage } from '@/lib/server-messages';

/** What a rule needs of a contract schema: zod's `safeParse`, typed structurally. */
export type ParsesValues = {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { message: string }[] } };
};

/**
 * A form rule that checks a field with the contract's own schema (STYLE.md habit 2), so the
 * user reads the server's message before sending rather than a hand-copied rule that drifts.
 * An empty field passes: whether one is required is the `required` rule's to say.
 */
export function schemaRule(schema: ParsesValues): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) {
        const message = result.error.issues[0]?.message ?? 'This value is not valid';
        throw new Error(localizeMessage(message, i18n.language));
      }
    },
  };
}
