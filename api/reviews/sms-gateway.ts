// The operator's SMS gateway for review requests (issue 48): with SMS_GATEWAY_URL set, a request by
// SMS goes out from us, so the owner never holds the link. The gateway is any HTTP API that takes
//   POST <SMS_GATEWAY_URL>  Content-Type: application/json  {"to":"+4512345678","text":"…"}
//   (Authorization: Bearer <SMS_GATEWAY_TOKEN> when a token is set)
// and answers 2xx once it has taken the message. Anything else, or no answer within TIMEOUT_MS, is a
// failure the caller reports to the owner (the request is taken back, so he can ask again).
import type { Config } from '../../lib/config';
import { recipientPhone } from '../../rules/review-recipient';

const TIMEOUT_MS = 10_000;

export interface SmsGateway {
  /** Sends `text` to the Danish number `phone` (any form); rejects when the gateway did not take it. */
  send(phone: string, text: string): Promise<void>;
}

/** The configured gateway, or null: the owner copies the text himself. */
export function smsGateway(config: Pick<Config, 'smsGateway'>): SmsGateway | null {
  const gateway = config.smsGateway;
  if (!gateway) return null;
  return {
    async send(phone, text) {
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(gateway.token ? { Authorization: `Bearer ${gateway.token}` } : {}),
        },
        body: JSON.stringify({ to: `+45${recipientPhone(phone)}`, text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      // The body is not read for meaning; it is drained so the connection is free.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
