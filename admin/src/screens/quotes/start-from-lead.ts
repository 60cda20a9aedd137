// "Giv et tilbud" on a request in Henvendelser (issue 51): a draft prefilled with the customer and
// the request's text, then its editor. Loaded on the tap, so the inbox's chunk (and the entry's
// preload list) does not carry the tilbud code; it shares no chunk with the tilbud screens (the
// API's refusal carries its own Danish message, the fallback is the general one).
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { ADMIN_PATHS } from '../../paths';

export async function startQuoteFromLead(leadId: string, go: (path: string) => void): Promise<void> {
  const quote = await api.post('/quotes', MESSAGES.internalError, { leadId });
  go(`${ADMIN_PATHS.quotes}/${quote.id}`);
}
