import { absoluteLink, fillPath } from '../../../../shared/rules/requests';
import { createRequest } from '../api/create-request';
import { saveInboxKey } from '../inbox-keys';
import { inboxLink, sealRequest } from '../request-crypto';
import { requestOptions, type RequestFormContext, type RequestFormValues } from './request-form';

/** A created request as its result view shows it: its two links, each shown once. */
export interface CreatedRequestView {
  id: string;
  expiresAt: string;
  maxResponses: number;
  fillLink: string;
  inboxLink: string;
}

/**
 * Seals the request in this browser and stores it; then this browser keeps the inbox key, so its inbox opens the
 * responses without the inbox link.
 */
export async function submitRequest(
  values: RequestFormValues,
  context: RequestFormContext,
  origin: string,
): Promise<CreatedRequestView> {
  const { id, inboxKey, detailsKey, fingerprint, sealed } = await sealRequest({
    title: values.title,
    text: values.text,
  });
  const options = requestOptions(values, context);
  const created = await createRequest({ ...sealed, ...options });
  saveInboxKey(id, inboxKey);
  return {
    id: created.id,
    expiresAt: created.expiresAt,
    maxResponses: options.maxResponses,
    fillLink: absoluteLink(origin, fillPath(id, detailsKey, fingerprint)),
    inboxLink: inboxLink(origin, id, inboxKey),
  };
}
