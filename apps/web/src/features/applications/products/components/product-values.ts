/** The product form's values, and the body fields the server takes for them. */
export type ProductFormValues = {
  name: string;
  code: string;
  description?: string | null;
  owner?: string | null;
};

/** The body fields of the form: a blank description or owner is none at all. */
export function productBody({ name, code, description, owner }: ProductFormValues) {
  return { name, code, description: description?.trim() || null, owner: owner?.trim() || null };
}
