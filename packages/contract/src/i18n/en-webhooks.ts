/**
 * The English catalogue, the webhooks' part: the rules of their form and their deliveries. The
 * webhooks' screens add it when they load, so the way to a list does not carry it (the mail
 * that says one was disabled is the server's).
 */
export const EN_WEBHOOKS = {
  'webhook.eventPattern':
    'Enter event types such as user.created, or a group such as user.*: each once, in lower case, with * only as its last part',
  'webhook.chooseEvents': 'Choose at least one event',
  'webhook.url': 'Enter an http or https URL without a user name or password',
  'webhook.httpsOnly': 'The target must use https; this server does not allow plain http',
  'webhook.privateTarget':
    'The target resolves to a private, loopback or link-local address, which this server does not allow',
  'webhook.disabled': 'This webhook is disabled',
  'webhook.notPending': 'Only a delivery that has finished can be sent again',
} as const;
