import type { Dictionary } from '@gatehouse/contract';

/** The dictionary form's values, and the body fields the server takes for them. */
export type DictionaryFormValues = Pick<Dictionary, 'code' | 'name' | 'allowCustom'> & {
  description?: string | null;
};

/** The body fields of the form: a blank description is none at all. */
export function dictionaryBody({ code, name, description, allowCustom }: DictionaryFormValues) {
  return { code, name, description: description?.trim() || null, allowCustom: allowCustom ?? false };
}
