import type { CreateApplication } from '@gatehouse/contract';

/** The application form's values, and the body fields the server takes for them. */
export type ApplicationFormValues = Pick<CreateApplication, 'applicationId' | 'name'> & {
  description?: string | null;
  productId?: string | null;
  openToAllUsers?: boolean;
};

/** The body fields of the form: a blank description or product is none at all. */
export function applicationBody({ name, description, productId, openToAllUsers }: ApplicationFormValues) {
  return {
    name,
    description: description?.trim() || null,
    productId: productId || null,
    openToAllUsers: openToAllUsers ?? false,
  };
}
