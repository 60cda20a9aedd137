// The page-view beacon for the marketing pages: a tiny inline script that template authors paste in
// a `<script is:inline>` tag. It posts {type:'page_view', path} to the cookieless POST /api/analytics
// with navigator.sendBeacon (no cookie, no id, never delays the page) and fails silently.
export const ANALYTICS_ENDPOINT = '/api/analytics';

export const ANALYTICS_BEACON = `(function(){try{var n=navigator;n.sendBeacon&&n.sendBeacon("${ANALYTICS_ENDPOINT}",new Blob([JSON.stringify({type:"page_view",path:location.pathname})],{type:"application/json"}))}catch(e){}})();`;

/**
 * Counts taps on a company site's "Ring" button (the call bar, issue 51 item 5): one click listener
 * that posts {type:'call_tap', cvr} the same cookieless way when a tel: link in the call bar is
 * tapped. The call never waits for it; nothing identifies the caller. The CVR is the bar's data-cvr.
 */
export const CALL_TAP_BEACON = `addEventListener("click",function(e){try{var a=e.target.closest&&e.target.closest('.call-bar a[href^="tel:"]'),n=navigator;a&&n.sendBeacon&&n.sendBeacon("${ANALYTICS_ENDPOINT}",new Blob([JSON.stringify({type:"call_tap",cvr:a.closest(".call-bar").dataset.cvr})],{type:"application/json"}))}catch(x){}});`;
