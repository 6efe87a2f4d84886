import type { ClientType } from '@gatehouse/contract';
import { type AppConfigKey, appConfigText } from '../shared/messages';

const CLIENT_TYPE_LABELS: Record<ClientType, AppConfigKey> = {
  CONFIDENTIAL: 'confidential',
  PUBLIC: 'public',
};

/** A client type as the console names it, in the current language: in the list and the form. */
export const clientTypeLabel = (type: ClientType): string => appConfigText(CLIENT_TYPE_LABELS[type]);
