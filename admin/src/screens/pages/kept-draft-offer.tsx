// "Du har en kladde fra …" (issue 40): a draft of this page found in the browser (an earlier visit
// that crashed or was left without saving), offered back above the editor until answered.
import { PAGE_MESSAGES } from '../../../../rules/page-messages';
import type { KeptDraft } from './local-page-draft';
import { draftTime } from './local-page-draft';

interface KeptDraftOfferProps {
  offer: KeptDraft | null;
  onAccept(): void;
  onDecline(): void;
}

export function KeptDraftOffer({ offer, onAccept, onDecline }: KeptDraftOfferProps) {
  if (!offer) return null;
  return (
    <section className="notice notice-info kept-draft" aria-labelledby="kept-draft-text">
      <p id="kept-draft-text">{PAGE_MESSAGES.draftOffer(draftTime(offer.savedAt, Date.now()))}</p>
      <div className="kept-draft-actions">
        <button type="button" className="button" onClick={onAccept}>
          Fortsæt med kladden
        </button>
        <button type="button" className="button button-ghost" onClick={onDecline}>
          Kassér kladden
        </button>
      </div>
    </section>
  );
}
