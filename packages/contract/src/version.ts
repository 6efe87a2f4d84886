import { z } from 'zod';

/** GET /api/version: what is running. */
export const versionSchema = z.object({
  /** The release, from package.json. */
  version: z.string(),
  /** The commit it was built from (`git rev-parse HEAD` at build time, or GATEHOUSE_COMMIT); null when unknown. */
  commit: z.string().nullable(),
});
export type VersionInfo = z.infer<typeof versionSchema>;
