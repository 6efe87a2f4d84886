/**
 * The English catalogue, the identity providers' part: the rules of the Provider screen's form.
 * The identity providers' screens add it when they load, so the way to a list does not carry it
 * (the sign-in's federation messages are the way in's).
 */
export const EN_FEDERATION = {
  'federation.issuerUrl': 'Enter the issuer URL, such as https://login.example.com',
  'federation.ldapUrl':
    'Enter an ldap:// or ldaps:// URL with a host and optional port, such as ldaps://ldap.example.com',
  'federation.metadataRequired': "Paste the identity provider's metadata XML or enter its metadata URL",
  'federation.metadataInvalid': 'This metadata could not be read: {reason}',
  'federation.secretRequired': 'Enter the secret',
  'federation.filterPlaceholder': 'The filter must contain {username}',
  'federation.oneDefault': 'Only a SAML provider can be the default for single sign-on',
  'federation.testFailed': 'The test did not pass: {reason}',
  'federation.wrongType': 'A provider keeps its type; create a new provider for another type',
} as const;
