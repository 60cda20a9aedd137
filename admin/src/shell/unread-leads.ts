// The unread quote-request count the navigation and the dashboard show: asked again on every screen
// change and whenever the inbox changes something (the `leads-changed` event on window).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';

const LEADS_CHANGED = 'leads-changed';

export function announceLeadsChanged(): void {
  window.dispatchEvent(new Event(LEADS_CHANGED));
}

export function useUnreadLeads(): number | null {
  const [unread, setUnread] = useState<number | null>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again on every screen change.
  useEffect(() => {
    let live = true;
    const load = () =>
      api
        .get('/leads/unread', MESSAGES.leadsLoadFailed)
        .then((answer) => live && setUnread(answer.unread))
        .catch(() => {});
    void load();
    window.addEventListener(LEADS_CHANGED, load);
    return () => {
      live = false;
      window.removeEventListener(LEADS_CHANGED, load);
    };
  }, [location.pathname]);
  return unread;
}
