// The page-view beacon for the marketing pages: a tiny inline script that template authors paste in
// a `<script is:inline>` tag. It posts {type:'page_view', path} to the cookieless POST /api/analytics
// with navigator.sendBeacon (no cookie, no id, never delays the page) and fails silently.
export const ANALYTICS_ENDPOINT = '/api/analytics';

export const ANALYTICS_BEACON = `(function(){try{var n=navigator;n.sendBeacon&&n.sendBeacon("${ANALYTICS_ENDPOINT}",new Blob([JSON.stringify({type:"page_view",path:location.pathname})],{type:"application/json"}))}catch(e){}})();`;
