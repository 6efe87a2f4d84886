import type { ProviderTestResult } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { providerUrl } from './list-providers';

/**
 * POST /admin-service/v2/identity-providers/{id}/test: each step tried against the provider
 * (discovery, metadata, bind, search), with what it found. A test that does not pass is an
 * answer (`ok: false`), not a failure.
 */
export function testProvider(providerId: string): Promise<ProviderTestResult> {
  return api.post<ProviderTestResult>(providerUrl(providerId, 'test'));
}

export const useTestProvider = () => useMutation({ mutationFn: testProvider });
