import { FEDERATION_MESSAGES, m } from '@gatehouse/contract';
import { validationFailed } from '../../lib/errors.ts';
import type { StoredSamlIdp } from './types.ts';

/**
 * A stand-in for `parseIdpMetadata` of saml.ts (branch fed-saml), with its signature, until that
 * lands: the CRUD of providers needs to read an IdP's entity id, sign-on URL and certificates
 * on save. It reads them with patterns, not a parser: good enough for well-formed metadata,
 * and it refuses what it cannot read. Deleted when saml.ts is merged.
 */
export function parseIdpMetadata(xml: string): StoredSamlIdp {
  const invalid = (reason: string) =>
    validationFailed({ metadataXml: m(FEDERATION_MESSAGES.metadataInvalid.key, { reason }) });
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw invalid('a document type declaration is not allowed');
  const descriptor = /<(?:\w+:)?EntityDescriptor\b[^>]*\bentityID="([^"]+)"/.exec(xml);
  if (!descriptor) throw invalid('no EntityDescriptor with an entityID');
  if (!/<(?:\w+:)?IDPSSODescriptor\b/.test(xml)) throw invalid('no IDPSSODescriptor');
  const sso = [...xml.matchAll(/<(?:\w+:)?SingleSignOnService\b([^>]*)>/g)].map((match) => ({
    binding: /\bBinding="([^"]+)"/.exec(match[1]!)?.[1] ?? '',
    location: /\bLocation="([^"]+)"/.exec(match[1]!)?.[1] ?? '',
  }));
  const ssoUrl = (sso.find((s) => s.binding.endsWith('HTTP-Redirect')) ?? sso[0])?.location;
  if (!ssoUrl) throw invalid('no SingleSignOnService');
  const certificates = [
    ...xml.matchAll(/<(?:\w+:)?X509Certificate>\s*([A-Za-z0-9+/=\s]+?)\s*<\/(?:\w+:)?X509Certificate>/g),
  ].map((match) => match[1]!.replace(/\s+/g, ''));
  if (certificates.length === 0) throw invalid('no signing certificate');
  return { entityId: descriptor[1]!, ssoUrl, certificates: [...new Set(certificates)] };
}
