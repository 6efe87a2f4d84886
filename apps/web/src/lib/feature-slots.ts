import { type ComponentType, createContext, useContext } from 'react';

/**
 * What one feature shows inside another's screen. A feature imports no other (STYLE.md), so
 * app/, which puts the features together, hands each screen the parts of others it shows, as
 * it puts their routes together; below no provider a screen shows none of them.
 */
export type FeatureSlots = {
  /** Application Detail's Webhooks tab: the application's webhooks (features/webhooks). */
  applicationWebhooks?: ComponentType<{ appId: string; title: string }>;
  /** Application Detail's Sign-in tab: the identity providers it offers (features/identity-providers). */
  applicationProviders?: ComponentType<{ appId: string }>;
};

export const FeatureSlotsContext = createContext<FeatureSlots>({});

/** The parts of other features this screen may show. */
export function useFeatureSlots(): FeatureSlots {
  return useContext(FeatureSlotsContext);
}
