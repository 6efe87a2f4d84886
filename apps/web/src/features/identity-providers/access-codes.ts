import { elementCodes } from '@gatehouse/contract';
import { PROVIDER_PATH } from './paths';

/** The button elements of the Provider menu (spec §6): create, update, status and delete. */
export const PROVIDER_CODES = elementCodes(PROVIDER_PATH);
