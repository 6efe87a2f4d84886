import { readFileSync } from 'node:fs';
import type { VersionInfo } from '@gatehouse/contract';

/**
 * What `npm run build` recorded (build.mjs, through esbuild's `define`): the release and the
 * commit of the tree it built. The sources, run through tsx, have none.
 */
declare const __GATEHOUSE_BUILD__: VersionInfo | undefined;

/** The release in the root package.json, for the sources. */
function sourceVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'));
  return String(pkg.version);
}

/**
 * What /api/version reports: the build's release and commit; without a recorded commit,
 * GATEHOUSE_COMMIT (`commitSetting`), else null.
 */
export function versionInfo(commitSetting: string | undefined): VersionInfo {
  const built = typeof __GATEHOUSE_BUILD__ === 'undefined' ? undefined : __GATEHOUSE_BUILD__;
  return {
    version: built?.version ?? sourceVersion(),
    commit: built?.commit ?? commitSetting ?? null,
  };
}
