// Placeholder until this screen is built (admin SPA issue): keeps the route table whole.
export function SubscriptionScreen() {
  return <h1>Abonnement</h1>;
}
