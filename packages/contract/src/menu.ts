import { z } from 'zod';

/** A server menu item of spec §3, from GET /oauth2-server/authorization/menus. */
export type ServerMenuItem = {
  menuPath: string;
  menuName: string;
  icon: string | null;
  hidden: boolean;
  elements: { code: string }[];
  children: ServerMenuItem[];
};
export const serverMenuItemSchema: z.ZodType<ServerMenuItem> = z
  .lazy(() =>
    z.object({
      menuPath: z.string(),
      menuName: z.string(),
      icon: z.string().nullable(),
      hidden: z.boolean(),
      elements: z.array(z.object({ code: z.string() })),
      children: z.array(serverMenuItemSchema),
    }),
  )
  .meta({ id: 'ServerMenuItem' }); // the OpenAPI document names it under components, where its own $ref points

/** A legacy backend menu item of spec §3, from GET /admin/menus (a flat list). */
export const legacyMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  sort: z.number(),
  keepAlive: z.boolean(),
  url: z.string().nullable(),
  icon: z.string().nullable(),
  meta: z.object({ title: z.string(), type: z.string() }),
});
export type LegacyMenuItem = z.infer<typeof legacyMenuItemSchema>;
