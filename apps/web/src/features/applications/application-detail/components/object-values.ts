import type { ObjectField } from '@gatehouse/contract';

/** The object form's values, and the body fields the server takes for them. */
export type ObjectFormValues = {
  name: string;
  code: string;
  description?: string | null;
  fields?: ObjectField[];
};

/** The body fields of the form: a blank description is none, and a field is required only when said. */
export function objectBody({ name, code, description, fields = [] }: ObjectFormValues) {
  return {
    name,
    code,
    description: description?.trim() || null,
    fields: fields.map((f) => ({ name: f.name, type: f.type, required: f.required ?? false })),
  };
}
