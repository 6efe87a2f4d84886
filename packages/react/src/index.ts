export {
  type AccessNeed,
  accessOf,
  allows,
  can,
  type GatehouseAccess,
  type GrantedPermission,
  hasElement,
  NO_ACCESS,
} from './access.ts';
export { Access, AccessDisable, useAccess } from './access-components.tsx';
export {
  type AuthState,
  DEFAULT_SCOPE,
  type GatehouseConfig,
  GatehouseProvider,
  useApiFetch,
  useAuth,
  userManagerFor,
} from './provider.tsx';
