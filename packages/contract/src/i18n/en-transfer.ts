/**
 * The English catalogue, the configuration transfer's part: what an import's preview reports.
 * The transfer's panel adds it when it loads, so the way to a list does not carry it.
 */
export const EN_TRANSFER = {
  // ---- configuration export and import ------------------------------------------------------
  'transfer.applicationMismatch':
    'This document holds the application {documentId}, not {targetId}: import it into {documentId}.',
  'transfer.platformApplication':
    'The built-in platform application is not imported: its resource tree is the console itself.',
  'transfer.clientTaken': 'This client id belongs to the application {owner}.',
  'transfer.builtinRole': 'The built-in Administrator role holds everything and is not imported.',
  'transfer.unknownSubject': 'The subject {name} exists neither here nor in the document.',
  'transfer.missing.permission': 'The document has no permission {id}.',
  'transfer.missing.resource': 'The document has no resource {id}.',
  'transfer.missing.object': 'The document has no object {id}.',
  'transfer.missing.set': 'The object of this data access has no set {id}.',
  'transfer.missing.role': 'The role {id} exists neither here nor in the document.',
  'transfer.duplicate': 'The document names {id} more than once.',
  'transfer.resourceCycle': 'This resource lies under itself.',
  'transfer.needsGrant': 'This change needs {action} on {area} for this application, which you do not hold.',
  'transfer.needsRead': 'Exporting needs retrieve on {areas} for this application.',
  'transfer.secretNeeded':
    'A new confidential client comes without a secret: rotate its secret after the import.',
  'transfer.unknownProduct': 'There is no product {code} here: the application will have no product.',
  'transfer.conflicts': 'The import has conflicts; preview it to see them.',
  'transfer.administratorOnly': 'Only an administrator exports or imports the whole instance.',
  'transfer.noPassword':
    'A new user comes without a password: they sign in after a password reset, or once an administrator sets one.',
  'transfer.passwordHashes':
    'This document holds password hashes: keep it as safe as the database, and delete it once imported.',
  'transfer.missing.group': 'The group {id} exists neither here nor in the document.',
  'transfer.missing.organization': 'The document has no organization {id}.',
  'transfer.organizationCycle': 'This organization lies under itself.',
} as const;
