import { elementCodes } from '@gatehouse/contract';
import { WEBHOOK_PATH } from './paths';

/**
 * The button elements of the Webhooks menu (spec §6): create, update, status and delete. An
 * application's webhooks on Application Detail check the same ones (`AccessAs`), as the server
 * checks the same permission for that application.
 */
export const WEBHOOK_CODES = elementCodes(WEBHOOK_PATH);
