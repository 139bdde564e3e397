/** A portal's webhooks (its settings page): list, delete, deliveries, redeliver, all through the links offered. */
import { callLink } from '../../lib/links.js';
import { getPage } from '../../lib/paging.js';

/** The portal's webhooks (its `webhooks` link): {list, meta, links: {add}, kinds}. */
export const listWebhooks = (url, query) => getPage(url, query);

/** Delete a webhook (its delete link). */
export const deleteWebhook = (webhook) => callLink(webhook.links.delete);

/** A page of a webhook's deliveries (its `deliveries` link), newest first, each with its last attempts. */
export const listDeliveries = (webhook, query) => getPage(webhook.links.deliveries.url, query);

/** Send a delivery again (its redeliver link): queued for the worker (202), the delivery as it stands. */
export const redeliver = (delivery) => callLink(delivery.links.redeliver).then((r) => r.data.item);
