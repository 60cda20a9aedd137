// The onboarding's cvr_lookup event (the spec's Calls Analytics) to our own cookieless POST /api/analytics:
// what was typed, its length, the CVR it became and the outcome. sendBeacon never delays the visitor
// and a failure is ignored: analytics must not break onboarding.
import { ANALYTICS_ENDPOINT } from '../../rules/analytics-beacon';

export type CvrLookupStatus = 'found' | 'invalid' | 'not_found' | 'taken' | 'error';

export function trackCvrLookup(status: CvrLookupStatus, typed: string, cvr: string | null): void {
  try {
    const event = {
      type: 'cvr_lookup',
      status,
      cvr_number: typed.slice(0, 20),
      cvr_length: Math.min(typed.replace(/\s/g, '').length, 100),
      cvr_value: cvr ?? typed.replace(/\D/g, '').slice(0, 20),
      timestamp: new Date().toISOString(),
    };
    navigator.sendBeacon?.(
      ANALYTICS_ENDPOINT,
      new Blob([JSON.stringify(event)], { type: 'application/json' }),
    );
  } catch {
    // No beacon support or blocked: nothing to do.
  }
}
