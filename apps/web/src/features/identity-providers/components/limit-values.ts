import type { ApplicationProviders } from '@gatehouse/contract';

/** The tab's form: every enabled provider, or only the ones chosen. */
export type LimitValues = { limited: 'all' | 'only'; providerIds?: string[] };

export function limitValues({ limited, providerIds }: ApplicationProviders): LimitValues {
  return { limited: limited ? 'only' : 'all', providerIds };
}

/** "All" sends no list: a list kept from before would come back the next time "only" is chosen. */
export function limitBody({ limited, providerIds }: LimitValues): ApplicationProviders {
  return limited === 'only'
    ? { limited: true, providerIds: providerIds ?? [] }
    : { limited: false, providerIds: [] };
}
