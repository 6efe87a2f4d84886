import { lazy } from 'react';
import type { FeatureSlots } from '@/lib/feature-slots';

/** The parts of features that other features' screens show (lib/feature-slots.ts), each loaded when first shown. */
export const FEATURE_SLOTS: FeatureSlots = {
  applicationWebhooks: lazy(() =>
    import('@/features/webhooks/application-webhooks').then((m) => ({ default: m.ApplicationWebhooks })),
  ),
  applicationProviders: lazy(() =>
    import('@/features/identity-providers/application-providers').then((m) => ({
      default: m.ApplicationProviders,
    })),
  ),
};
