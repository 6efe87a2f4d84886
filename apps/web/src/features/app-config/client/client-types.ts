import type { ClientType } from '@gatehouse/contract';
import { type ClientTextKey, clientText } from './messages';

const CLIENT_TYPE_LABELS: Record<ClientType, ClientTextKey> = {
  CONFIDENTIAL: 'confidential',
  PUBLIC: 'public',
};

/** A client type as the console names it, in the current language: in the list and the form. */
export const clientTypeLabel = (type: ClientType): string => clientText(CLIENT_TYPE_LABELS[type]);
